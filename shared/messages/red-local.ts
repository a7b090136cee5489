/**
 * The shop's phones on its own network (issue #34 point 1): HTTPS with the shop's own authority, and
 * the page that shows how to install it.
 */
export const redLocal = {
  titulo: 'Teléfonos de la tienda',
  intro:
    'Los teléfonos de la tienda abren la aplicación desde la red local. Para usar la cámara como lector de códigos y abrir la aplicación aunque falle la red, el navegador exige una conexión segura (HTTPS).',
  soloAdministrador: 'Solo el administrador de la tienda configura los teléfonos.',
  apagado: 'La conexión segura para la red local está apagada.',
  comoEncender:
    'Para encenderla, inicie el servidor con HOST=0.0.0.0 y HTTPS_PORT (por ejemplo HOST=0.0.0.0 HTTPS_PORT=3443 npm start); el servidor crea su propia autoridad de certificados la primera vez.',
  soloEsteComputador:
    'El servidor solo escucha en este computador (HOST=127.0.0.1): los teléfonos no lo alcanzan. Inícielo con HOST=0.0.0.0.',
  sinDirecciones: 'Este computador no tiene una dirección en la red local. Conéctelo a la red de la tienda (wifi o cable) y recargue esta página.',
  propio:
    'El servidor usa el certificado que instaló el operador (TLS_CERT): los teléfonos no necesitan instalar nada si su autoridad ya es de confianza.',
  paso1: '1. Instale la autoridad de la tienda (una sola vez por teléfono)',
  paso1Texto: 'Escanee este código con la cámara del teléfono: descarga el certificado de la autoridad de la tienda.',
  huella: 'Huella SHA-256 (compárela en el teléfono)',
  android: 'Android',
  androidPasos: [
    'Abra el archivo descargado, o vaya a Ajustes → Seguridad → Más ajustes de seguridad → Instalar desde el almacenamiento → Certificado de CA.',
    'Elija «adax-autoridad.crt», confirme con el PIN o el patrón del teléfono y póngale un nombre (por ejemplo «Tienda»).',
  ],
  ios: 'iPhone (iOS)',
  iosPasos: [
    'Abra el enlace en Safari y toque «Permitir» para descargar el perfil.',
    'Vaya a Ajustes → Perfil descargado → Instalar, e ingrese el código del teléfono.',
    'Luego Ajustes → General → Información → Ajustes de confianza de certificados: active la autoridad de la tienda.',
  ],
  paso2: '2. Abra la aplicación en el teléfono',
  paso2Texto: 'Escanee este código: abre la caja por la conexión segura. Luego agréguela a la pantalla de inicio.',
  direccion: (url: string) => `Dirección: ${url}`,
  variasDirecciones: 'Este computador tiene varias direcciones; use la de la red a la que se conectan los teléfonos.',
  // What the server prints at start when HTTPS is on.
  listoHttps: (url: string) => `Conexión segura para los teléfonos de la tienda en ${url}`,
  autoridadEn: (archivo: string) => `Autoridad de la tienda (instálela en cada teléfono): ${archivo}`,
  tlsIncompleto: 'TLS_CERT y TLS_KEY van juntos: indique los dos archivos o ninguno.',
} as const;
