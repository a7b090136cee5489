/**
 * One owner, several stores (issue #56 steps 2 and 3, ADR 043): the owner's *Sucursales* screen, the
 * store switcher of the top bar, and a person's role in another store of the empresa.
 */
export const sucursales = {
  titulo: 'Sucursales',
  /** The owner's tile on Inicio. */
  tile: { title: 'Sucursales', text: 'Sus tiendas: abra otra y entre a cada una.' },
  intro:
    'Las tiendas de su empresa. Cada una vende por su cuenta: su caja, su numeración, sus existencias y su código de invitación. Entre a cualquiera desde la barra de arriba.',
  lista: 'Tiendas de la empresa',
  columnas: { nombre: 'Tienda', direccion: 'Dirección', telefono: 'Teléfono', zona: 'Zona horaria', codigo: 'Código de invitación', productos: 'Productos' },
  actual: 'Tienda actual',
  entrar: 'Entrar',
  entrarA: (nombre: string) => `Entrar a ${nombre}`,
  cargando: 'Cargando sucursales…',
  errorCarga: 'No se pudieron cargar las sucursales.',
  nueva: 'Nueva sucursal',
  nombre: 'Nombre de la tienda',
  direccion: 'Dirección',
  telefono: 'Teléfono',
  zona: 'Zona horaria',
  catalogoAyuda:
    'La nueva tienda empieza con los productos de la tienda actual (nombre, precio, código de barras, impuesto, presentaciones), con existencias en 0 y sin proveedor.',
  crear: 'Crear sucursal',
  creando: 'Creando…',
  creadaTitulo: 'Sucursal creada',
  creada: (nombre: string, productos: number) =>
    `${nombre} quedó abierta con ${productos} ${productos === 1 ? 'producto' : 'productos'} de esta tienda, sin existencias.`,
  nombreRequerido: 'Escriba el nombre de la sucursal.',
  nombreRepetido: 'Ya hay una tienda de su empresa con ese nombre.',
  soloDueno: 'Solo el dueño de la empresa (la cuenta de la tienda) ve y abre sus sucursales.',
  // The switcher of the top bar
  selector: 'Tienda',
  selectorAyuda: 'Cambiar de tienda',
  cambiando: 'Cambiando de tienda…',
  sinRolEnTienda: 'No tiene un rol en esa tienda.',
  // A person's role in another store of the empresa (the owner gives it)
  personaNoEsDeEmpresa: 'Esa persona no trabaja en una tienda de su empresa.',
  tiendaPrincipal: 'Es la tienda principal de esa persona: su rol allí se cambia en Usuarios.',
  rolNoExiste: 'Ese rol no existe.',
  rolAsignado: 'Rol en la tienda guardado.',
  rolQuitado: 'La persona ya no tiene rol en esa tienda.',
} as const;
