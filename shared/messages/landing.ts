/**
 * Spanish texts of the public landing page (spec §1 and §2 'Landing page').
 * The spec gives 'Inicia Aquí' and the closing question word for word; the rest is this product's
 * copy, written for the owner of a small Colombian shop. The product name is passed in
 * (`PRODUCT_NAME`), never repeated here.
 */
export const landing = {
  skipToContent: 'Saltar al contenido',
  homeLink: (product: string) => `${product}, ir al inicio`,

  nav: {
    label: 'Principal',
    mobileLabel: 'Menú',
    inicio: 'Inicio',
    queEs: '¿Qué es?',
    servicios: 'Servicios',
    beneficios: 'Beneficios',
    contacto: 'Contacto',
    iniciaAqui: 'Inicia Aquí',
    registrate: 'Regístrate',
    openMenu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
  },

  hero: {
    eyebrow: 'Software para tiendas y negocios',
    title: (product: string) => `¿Qué es ${product}?`,
    text: (product: string) =>
      `${product} es la aplicación para llevar tu tienda desde el computador o el celular: registra tus ventas, controla el inventario, sigue las entradas y salidas de mercancía y conoce el flujo de caja de tu negocio, todo en un solo lugar.`,
    primary: 'Crea tu cuenta',
    secondary: 'Conoce los servicios',
    points: ['Sin instalar nada', 'En el computador, la tablet o el celular', 'Con tu equipo de trabajo'],
  },

  carousel: {
    label: (product: string) => `Así funciona ${product}`,
    roleDescription: 'carrusel',
    slideRoleDescription: 'diapositiva',
    slideLabel: (n: number, total: number) => `${n} de ${total}`,
    previous: 'Diapositiva anterior',
    next: 'Diapositiva siguiente',
    goTo: (n: number, title: string) => `Ir a la diapositiva ${n}: ${title}`,
    pause: 'Pausar el carrusel',
    play: 'Reanudar el carrusel',
    slides: [
      {
        title: 'Vende sin complicaciones',
        text: 'Registra cada venta en segundos, cobra en efectivo, Nequi, Daviplata o tarjeta y entrega la factura al momento.',
        alt: 'Ilustración de una caja registradora con el carrito de compras, el total a pagar y una factura impresa.',
      },
      {
        title: 'Tu inventario, siempre al día',
        text: 'Consulta el stock de cada producto y revisa cada entrada y salida de mercancía.',
        alt: 'Ilustración de unos estantes con cajas de productos junto a una planilla de inventario con el stock de cada uno.',
      },
      {
        title: 'Decide con datos reales',
        text: 'Descubre qué productos se venden más y cómo se mueve la caja de tu negocio.',
        alt: 'Ilustración de un celular con gráficas de barras de las ventas de la semana y una moneda.',
      },
    ],
  },

  servicios: {
    title: 'Lo que puedes hacer',
    intro: 'Las tareas de todos los días en tu tienda, reunidas en una sola aplicación.',
    cards: {
      ventas: {
        title: 'Registro de ventas',
        text: 'Lleva el control de tus transacciones comerciales: cada venta queda registrada con su factura, su fecha y su medio de pago.',
      },
      inventario: {
        title: 'Control de inventario',
        text: 'Mantén al día el stock y los datos de tus productos: precios, marcas, categorías y fechas de vencimiento.',
      },
      mercancia: {
        title: 'Mercancía',
        text: 'Haz seguimiento de las entradas y salidas de tus productos, con el historial de cada movimiento.',
      },
      caja: {
        title: 'Flujo de caja',
        text: 'Conoce los ingresos y egresos de tu negocio y sabe cuánto dinero entra y sale cada día.',
      },
    },
  },

  beneficios: {
    title: 'Beneficios',
    intro: 'Pensado para el día a día de las tiendas de barrio, los minimercados y los pequeños negocios.',
    cards: {
      tiempo: {
        title: 'Ahorro de tiempo',
        text: 'La automatización se encarga de las cuentas, el stock y las facturas, para que dediques tu tiempo a tus clientes.',
      },
      control: {
        title: 'Control total',
        text: 'Revisa tu negocio desde cualquier lugar y en cualquier momento, sin tener que estar en el mostrador.',
      },
      reportes: {
        title: 'Reportes detallados',
        text: 'Información clara de tus ventas y productos para tomar decisiones informadas.',
      },
      tecnologia: {
        title: 'Tecnología actual',
        text: 'Una aplicación web al día: no instalas nada y siempre usas la versión más reciente.',
      },
    },
  },

  cta: {
    // Spec §2: the closing call to action, word for word.
    title: '¿Listo para optimizar tu negocio?',
    text: 'Entra a tu cuenta y empieza hoy mismo a llevar tu tienda en orden.',
    button: 'Comienza ahora',
    noAccount: '¿Aún no tienes cuenta?',
    register: 'Regístrate aquí',
  },

  footer: {
    // Spec §2: the footer shows the year 2024.
    year: 2024,
    tagline: 'Ventas, inventario, mercancía y caja de tu tienda en un solo lugar.',
    team: 'Nuestro equipo',
    contact: 'Contáctanos',
    explore: 'Explora',
    rights: 'Todos los derechos reservados.',
    copyright: (year: number, product: string) => `© ${year} ${product}`,
  },

  /** The team in the footer (spec §2: five members): names and roles; their addresses are in web/config/landing.ts. */
  equipo: {
    comercial: { name: 'Equipo comercial', role: 'Ventas' },
    soporte: { name: 'Mesa de ayuda', role: 'Soporte' },
    producto: { name: 'Equipo de producto', role: 'Desarrollo' },
    experiencia: { name: 'Equipo de experiencia', role: 'Diseño' },
    administrativa: { name: 'Oficina administrativa', role: 'Administración' },
  },
} as const;
