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
  // Sucursales' people: each store's people with their role; give or take access (the owner)
  personas: 'Personas por tienda',
  personasIntro:
    'Quién trabaja en cada tienda y con qué rol. Dé acceso a una persona de otra de sus tiendas (un cajero de dos sedes) o quíteselo; el rol en su tienda principal se cambia en Usuarios.',
  personasDe: (tienda: string) => `Personas de ${tienda}`,
  cargandoPersonas: 'Cargando personas…',
  errorPersonas: 'No se pudieron cargar las personas de sus tiendas.',
  sinPersonas: 'Nadie trabaja aún en esta tienda.',
  principal: 'Tienda principal',
  darAcceso: 'Dar acceso',
  darAccesoEn: (tienda: string) => `Dar acceso en ${tienda}`,
  dandoAcceso: 'Guardando…',
  persona: 'Persona',
  elegirPersona: 'Elija una persona',
  rol: 'Rol',
  personaRequerida: 'Elija a quién dar acceso.',
  sinCandidatos: 'Todavía no hay personas en otras tiendas de la empresa a quienes dar acceso aquí.',
  deTienda: (nombre: string, tienda: string) => `${nombre} (${tienda})`,
  quitarAcceso: 'Quitar acceso',
  quitarAccesoA: (nombre: string, tienda: string) => `Quitar acceso a ${nombre} en ${tienda}`,
  quitarTitulo: '¿Quitar el acceso?',
  quitarTexto: (nombre: string, tienda: string) => `${nombre} ya no podrá entrar a ${tienda}. Su tienda principal no cambia.`,
  // A price list or a promotion copied to other stores of the empresa (issue #59 point 1, the owner)
  copia: {
    soloDueno: 'Solo el dueño de la empresa (la cuenta de la tienda) copia listas y promociones a otras tiendas.',
    tiendasRequeridas: 'Elija al menos otra tienda de su empresa.',
    mismaTienda: 'Elija otras tiendas: esta ya la tiene.',
    noEsDeEmpresa: 'Esa tienda no es de su empresa.',
    titulo: 'Copiar a otras tiendas',
    ayudaLista:
      'Cada tienda recibe la lista con sus propios productos (el mismo código de barras o el mismo nombre). Si ya tiene una lista con este nombre, sus precios se reemplazan; sus clientes no cambian.',
    ayudaPromocion:
      'Cada tienda recibe la promoción con sus propios productos (el mismo código de barras o el mismo nombre). Si ya tiene una con este nombre, se reemplaza.',
    tiendas: 'Tiendas',
    copiar: 'Copiar',
    copiarA: (nombre: string) => `Copiar «${nombre}» a otras tiendas`,
    copiando: 'Copiando…',
    cerrar: 'Cerrar',
    resultadoTitulo: 'Copia hecha',
    hecha: (copiadas: number, omitidas: number) =>
      `Copiada a ${copiadas} ${copiadas === 1 ? 'tienda' : 'tiendas'}${omitidas ? `; ${omitidas} ${omitidas === 1 ? 'tienda no la recibió' : 'tiendas no la recibieron'}` : ''}.`,
    creada: (tienda: string, productos: number) => `${tienda}: creada con ${productos} ${productos === 1 ? 'producto' : 'productos'}.`,
    actualizada: (tienda: string, productos: number) => `${tienda}: reemplazada, ${productos} ${productos === 1 ? 'producto' : 'productos'}.`,
    omitida: (tienda: string) => `${tienda}: no se copió.`,
    sinPar: (nombres: string) => `Sin ese producto allí: ${nombres}.`,
    /** The activity log's fields (the copy's store and what it carried). */
    campoDesde: 'Copiada desde la tienda',
    campoHacia: 'Copiada a la tienda',
    campoProductos: 'Productos',
    campoSinPar: 'Productos sin par en la tienda',
  },
} as const;
