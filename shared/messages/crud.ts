/** Spanish texts of the back-office (CRUD area). Spec quotes are copied word for word. */
import { clientes } from './clientes';
import { productos } from './productos';
import { proveedores } from './proveedores';

/** Spec §5 'Administration': "Por favor, complete el campo '<label>'." (with the quotes). */
const campo = (label: string) => `Por favor, complete el campo '${label}'.`;

export const crud = {
  brand: 'ADAX Store Manager',
  usuarioLabel: 'Usuario: ',
  operacionLabel: 'Operacion: ',
  cerrarSesion: 'cerrar sesión',
  lista: 'lista',
  registrar: 'registrar',
  modificar: 'Modificar',
  eliminar: 'Eliminar',
  cancelar: 'Cancelar',
  actualizar: 'Actualizar',
  mask: '••••••••',
  sinValor: '—',
  bienvenidoClientes: 'Bienvenido a la lista de clientes',

  // Spec §5 'Administration' validations ('Oops...' popups).
  oops: 'Oops...',
  campo,
  cantidadInvalida: 'Por favor, ingrese una cantidad válida.',
  precioInvalido: 'Por favor, ingrese un precio válido.',
  /** The hint under the back-office's money fields. */
  enPesos: 'En pesos, por ejemplo 12.500.',
  enPesosUnitario: 'Precio unitario en pesos, por ejemplo 12.500.',
  idProveedor: 'Por favor, complete el campo ID de Proveedor',
  idRol: 'Por favor, complete el campo ID de Rol',
  /** The spec's inventory form says 'ID de Rol' here (a copy-paste slip); this names the right field. */
  idInventario: 'Por favor, complete el campo ID de Inventario',
  idMovimiento: 'Por favor, complete el campo ID de Movimiento',
  fechaInvalida: 'Escriba una fecha válida (día, mes y año).',
  horaInvalida: 'Escriba una hora válida (hh:mm).',
  idInvalido: 'Escriba un número entero mayor que 0.',
  tipoDocInvalido: campo('Tipo de documento'),
  estadoProducto: 'Seleccione el estado: 1 (Disponible) o 0 (No disponible).',

  // Spec §8 'Administration' errors.
  credencialesIncorrectas: 'Credenciales Incorrectas',
  errorIniciarSesion: 'Error al iniciar sesión',
  errorRealizarRegistro: 'Error al realizar el registro',
  errorDesconocido: 'Error desconocido',
  errorRegistrarFactura: 'Error al registrar la factura',
  errorRegistrarCliente: 'Error al registrar la cliente',
  errorRegistrar: 'No se pudo registrar',
  errorActualizar: 'Error al actualizar',
  registroExitoso: 'Registro exitoso',
  registroExitosoTexto: 'El registro fue exitoso',
  aceptar: 'Aceptar',
  iniciarSesion: 'Iniciar sesión',

  // Access (DESIGN.md §4).
  soloOperadorCatalogo: 'Solo el operador de la plataforma puede modificar los roles y los métodos de pago.',
  soloOperadorTiendas: 'Solo el operador de la plataforma puede crear o eliminar tiendas.',
  otraTienda: 'Solo puede registrar datos de su propia tienda.',
  tiendaRequerida: campo('Id de la tienda'),
  tiendaNoExiste: 'La tienda indicada no existe.',
  codigoOtraTienda: 'El código de invitación no corresponde a su tienda.',
  codigoNoExiste: 'El código de invitación no corresponde a ninguna tienda.',
  operadorSinTienda: 'El operador de la plataforma no pertenece a ninguna tienda: deje vacío el código de invitación.',
  noEliminarseASiMismo: 'No puede eliminar su propio usuario.',
  usuarioConCajaAbierta: 'Este usuario tiene la caja abierta: cierre primero su turno de caja (Caja → Turnos) y luego elimínelo.',
  noCambiarPropioRol: 'No puede cambiar su propio rol: pídaselo a otro administrador.',
  rolNoExiste: 'El rol indicado no existe.',
  idDuplicado: 'Ya existe un registro con ese ID.',
  metodoNoExiste: 'El método de pago indicado no existe.',
  ventaNoExiste: 'La venta indicada no existe en la tienda.',
  productoNoExiste: 'El producto indicado no existe en la tienda.',
  /** The supplier domain's refusals (shared/messages/proveedores.ts): one text on every face. */
  proveedorNoExiste: proveedores.noExiste,
  inventarioNoExiste: 'El inventario indicado no existe en la tienda.',
  clienteNoExiste: 'No hay un cliente con ese documento en la tienda.',
  usuarioNoExiste: 'No hay un usuario con ese documento en la tienda.',
  /** The client domain's refusal (shared/messages/clientes.ts). */
  clienteDuplicado: clientes.documentoDuplicado,
  rolBasico: 'Los roles 1, 2 y 3 son los del sistema: se pueden renombrar, pero no eliminar ni cambiar de ID.',
  rolEnUso: 'No se puede eliminar el rol: hay usuarios con ese rol.',
  rolIdEnUso: 'No se puede cambiar el ID del rol: hay usuarios con ese rol.',
  metodoBasico: 'Los métodos de pago 1 a 5 son los del punto de venta: se pueden renombrar, pero no eliminar.',
  metodoEnUso: 'No se puede eliminar el método de pago: hay ventas registradas con él.',
  /** The product domain's refusal (shared/messages/productos.ts): one text on every face. */
  productoConHistoria: productos.conHistoria,
  proveedorConHistoria: proveedores.conEntregas,
  ventaConFacturas: 'No se puede eliminar la venta: tiene productos facturados. Elimine primero sus líneas en la lista de facturas.',
  entregaSinStock:
    'No se puede quitar la entrega: el stock actual del producto es menor que la cantidad entregada.',
  entregaProveedorOtraTienda: 'El proveedor y el producto deben ser de la misma tienda.',
  facturaOtraTienda: 'La venta y el producto deben ser de la misma tienda.',
  sinRegistro: 'Elija un registro de la lista para modificarlo.',
  confirmarEliminarTitulo: '¿Eliminar este registro?',
  confirmarEliminarTexto: (que: string) => `Se eliminará ${que}. Esta acción no se puede deshacer.`,
  confirmarEliminarBoton: 'Sí, eliminar',
  contrasenaCambiada: 'La contraseña cambió: las sesiones abiertas con la anterior se cerraron.',
  contrasenaPropia: 'Cambió su propia contraseña: inicie sesión de nuevo con la nueva.',

  // The fiado ledger (issue #17): listed, never changed here.
  credito: {
    menu: 'Fiado (cuentas)',
    listTitle: 'Movimientos de fiado',
    buscar: 'Documento o nombre del cliente, o id de la venta',
    soloLectura:
      'Los movimientos de fiado solo se consultan aquí: las compras fiadas y los abonos se registran en la caja, y al anular una venta fiada su cargo se reversa solo.',
    tipo: { cargo: 'Compra fiada', abono: 'Abono', reverso: 'Venta anulada' },
  },

  // Operation results (shown in 'Operacion').
  registrado: {
    usuarios: 'Usuario registrado',
    tienda: 'Tienda registrada',
    producto: 'Producto registrado',
    factura: 'Factura registrada',
    cliente: 'Cliente registrado',
    proveedor: 'Proveedor registrado',
    movimiento: 'Movimiento registrado',
    roles: 'Rol registrado',
    entrega_pedidos: 'Entrega registrada: el stock del producto aumentó',
    inventario: 'Inventario registrado',
    metodosdepago: 'Método de pago registrado',
    ventas: 'Venta registrada',
  },
  actualizado: {
    usuarios: 'Usuario actualizado',
    tienda: 'Tienda actualizada',
    producto: 'Producto actualizado',
    factura: 'Factura actualizada',
    cliente: 'Cliente actualizado',
    proveedor: 'Proveedor actualizado',
    movimiento: 'Movimiento actualizado',
    roles: 'Rol actualizado',
    entrega_pedidos: 'Entrega actualizada',
    inventario: 'Inventario actualizado',
    metodosdepago: 'Método de pago actualizado',
    ventas: 'Venta actualizada',
  },
  eliminado: {
    usuarios: 'Usuario eliminado',
    tienda: 'Tienda eliminada',
    producto: 'Producto eliminado',
    factura: 'Factura eliminada',
    cliente: 'Cliente eliminado',
    proveedor: 'Proveedor eliminado',
    movimiento: 'Movimiento eliminado',
    roles: 'Rol eliminado',
    entrega_pedidos: 'Entrega eliminada: el stock del producto se descontó',
    inventario: 'Inventario eliminado',
    metodosdepago: 'Método de pago eliminado',
    ventas: 'Venta eliminada',
  },
} as const;
