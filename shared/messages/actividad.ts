import { formatPesos } from '../money';
import { permisos } from './permisos';
import { impuestos } from './impuestos';
import { productos } from './productos';
import { sinRed } from './sin-red';
import { puntos } from './puntos';

const si = (b: boolean) => (b ? 'sí' : 'no');
const entidad: Record<string, string> = {
  producto: 'el producto',
  cliente: 'el cliente',
  proveedor: 'el proveedor',
  venta: 'la venta',
  factura: 'la línea de factura',
  movimiento: 'el movimiento',
  entrega: 'la entrega',
  usuario: 'el usuario',
  inventario: 'el inventario',
  credito: 'el movimiento de crédito',
};
const cara: Record<string, string> = { tienda: 'Tienda', crud: 'Administración', legacy: 'API heredada' };
const pesos = (n: number | null | undefined) => (n == null ? '—' : formatPesos(n));
const unidadNombre = (u: string | undefined) => (u ? (productos.unidades[u] ?? u) : '—');
/** What a refused attempt tried. */
const acciones: Record<string, string> = {
  precios: 'cambiar precios o costos',
  stock: 'ajustar el stock',
  productos: 'crear o editar un producto',
  eliminarProductos: 'eliminar un producto',
  eliminarClientesProveedores: 'eliminar un cliente o proveedor',
  credito: 'dar o subir crédito',
  anular: 'anular una venta',
  cajaSobreUmbral: 'registrar un movimiento de caja sobre el tope',
  reportes: 'ver costos o reportes',
  venderSinStock: 'vender sin stock en el sistema',
  pinSupervisor: 'autorizar con el PIN de un supervisor',
  listasPrecios: 'cambiar una lista de precios',
  promociones: 'cambiar una promoción',
};
/** The fields a back-office change of a user, role, store or payment method names (issue #51 point 8). */
const camposAdministracion: Record<string, string> = {
  documento: 'documento',
  tipoDoc: 'tipo de documento',
  nombre1: 'nombre',
  nombre2: 'segundo nombre',
  apellido1: 'apellido',
  apellido2: 'segundo apellido',
  correo: 'correo',
  rolId: 'rol',
  tiendaId: 'tienda',
  nombreRol: 'nombre',
  descripcion: 'descripción',
  idRol: 'id',
  nombreTienda: 'nombre',
  direccion: 'dirección',
  telefono: 'teléfono',
  nombre: 'nombre',
};
const camposVenta: Record<string, string> = { metodo: 'método de pago', cliente: 'cliente', vendedor: 'vendedor', fecha: 'fecha' };
const ordenAccion: Record<string, string> = { creada: 'Creó', editada: 'Modificó', enviada: 'Envió', cancelada: 'Canceló' };
// The log's facts are JSON the writers chose by kind (shared/schemas/actividad.ts); read defensively.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Detalle = any;

/** Spanish texts of the activity log (issue #27 point 6, *Registro de actividad*). */
export const actividad = {
  titulo: 'Registro de actividad',
  subtitulo: 'Quién hizo qué en la tienda, y cuándo: precios, stock, eliminaciones, anulaciones, descuentos, caja, permisos e intentos rechazados.',
  enlace: 'Registro de actividad',
  cargando: 'Cargando la actividad…',
  cargaFallida: 'No se pudo cargar el registro de actividad.',
  vacio: 'Todavía no hay actividad registrada.',
  sinResultados: 'No hay actividad que coincida con los filtros.',
  filtrar: 'Filtrar la actividad',
  quitarFiltros: 'Quitar filtros',
  exportar: 'Exportar CSV',
  exportando: 'Exportando…',
  exportacionFallida: 'No se pudo exportar el registro.',
  archivo: (fecha: string) => `actividad-${fecha}.csv`,
  persona: 'Persona',
  todas: 'Todas',
  tipo: 'Tipo',
  todos: 'Todos',
  fechaInvalida: 'Escriba una fecha válida (día, mes y año).',
  rangoInvalido: 'La fecha inicial no puede ser posterior a la fecha final.',
  cuentaTienda: 'Cuenta de la tienda',
  soloAdministrador: 'Solo el administrador de la tienda ve el registro de actividad.',
  columnas: { fecha: 'Fecha', persona: 'Persona', rol: 'Rol', cara: 'Por', tipo: 'Tipo', descripcion: 'Detalle' },
  cara: (c: string) => cara[c] ?? c,
  tipos: {
    sesion: 'Inicio de sesión',
    precio: 'Cambio de precio',
    costo: 'Cambio de costo',
    stock: 'Ajuste de stock',
    alta: 'Creación',
    eliminacion: 'Eliminación',
    archivo: 'Archivo',
    anulacion: 'Anulación',
    completada: 'Venta completada',
    descuento: 'Descuento',
    caja_movimiento: 'Movimiento de caja',
    cierre_turno: 'Cierre de turno',
    credito: 'Cambio de crédito',
    permisos: 'Cambio de permisos',
    rechazo: 'Intento rechazado',
    orden_compra: 'Orden de compra',
    recepcion: 'Recepción de mercancía',
    importacion: 'Importación',
    devolucion: 'Devolución',
    sin_stock: 'Venta sin stock',
    lote_vencido: 'Venta de un lote vencido',
    formula_medica: 'Venta bajo fórmula médica',
    traslado: 'Traslado entre tiendas',
    venta_editada: 'Venta editada',
    perfil_fiscal: 'Datos fiscales',
    impuesto: 'Impuestos de productos',
    documento_electronico: 'Documento electrónico',
    administracion: 'Administración',
    sin_red: 'Equipos y ventas sin red',
    lista_precio: 'Lista de precios',
    promocion: 'Promoción',
    puntos: 'Puntos',
    proveedor: 'Cambio de proveedor',
    union_clientes: 'Unión de clientes',
    union_proveedores: 'Unión de proveedores',
  } as Record<string, string>,
  /** What a refused attempt tried. */
  acciones,
  /** One entry in words, from its kind and facts; the list and the CSV show the same text. */
  describir(tipo: string, d: Detalle): string {
    switch (tipo) {
      case 'sesion':
        return 'Inició sesión';
      case 'precio': {
        // A pack's factor or a unit change besides the amounts (issue #51 point 4).
        const factor = d.factorNuevo !== undefined && d.factorAnterior !== d.factorNuevo ? `; unidades: ${d.factorAnterior ?? '—'} → ${d.factorNuevo}` : '';
        const unidad = d.unidadNueva !== undefined ? `; se vende por: ${unidadNombre(d.unidadAnterior)} → ${unidadNombre(d.unidadNueva)}` : '';
        return `Precio de «${d.producto}»: ${pesos(d.anterior)} → ${pesos(d.nuevo)}${factor}${unidad}`;
      }
      case 'costo':
        return `Costo de «${d.producto}»: ${pesos(d.anterior)} → ${pesos(d.nuevo)}`;
      case 'stock':
        return `Stock de «${d.producto}»: ${d.anterior} → ${d.nuevo}`;
      case 'alta':
        return `Creó ${entidad[d.entidad] ?? d.entidad} «${d.nombre}» (#${d.id})`;
      case 'eliminacion':
        return `Eliminó ${entidad[d.entidad] ?? d.entidad} «${d.nombre}» (#${d.id})`;
      case 'archivo':
        return `Archivó ${entidad[d.entidad] ?? d.entidad} «${d.nombre}» (#${d.id})`;
      case 'anulacion':
        return `Anuló la venta #${d.ventaNumero ?? d.ventaId} por ${pesos(d.total)}`;
      case 'completada':
        return `Completó la venta #${d.ventaNumero ?? d.ventaId} por ${pesos(d.total)}${d.porMigracion ? ' (pagada y guardada Pendiente por una versión anterior)' : ''}`;
      case 'descuento':
        return `Descuento de ${pesos(d.monto)} en la venta #${d.ventaNumero ?? d.ventaId}${d.autorizadoPor ? `, autorizado por ${d.autorizadoPor}` : ''}`;
      case 'caja_movimiento':
        return `${d.tipo === 'salida' ? 'Salida' : 'Entrada'} de caja de ${pesos(d.monto)} (turno #${d.turnoId}): ${d.motivo}${d.autorizadoPor ? `, autorizada por ${d.autorizadoPor}` : ''}`;
      case 'cierre_turno':
        return `Cerró el turno #${d.turnoId}: esperado ${pesos(d.esperado)}, contado ${pesos(d.contado)}, diferencia ${pesos(d.diferencia)}`;
      case 'credito':
        return `Cupo de crédito de «${d.cliente}»: ${pesos(d.anterior)} → ${pesos(d.nuevo)}${d.plazoNuevo !== undefined ? `; plazo: ${d.plazoAnterior} → ${d.plazoNuevo} días` : ''}`;
      case 'permisos': {
        const partes: string[] = (d.cambios ?? []).map(
          (c: { permiso: string; antes: boolean; despues: boolean }) => `${permisos.permiso[c.permiso] ?? c.permiso}: ${si(c.antes)} → ${si(c.despues)}`,
        );
        if (d.umbralAnterior !== undefined || d.umbralNuevo !== undefined) partes.push(`${permisos.umbral}: ${pesos(d.umbralAnterior)} → ${pesos(d.umbralNuevo)}`);
        return `Permisos de ${permisos.rolNombre(d.rol)}: ${partes.join('; ')}`;
      }
      case 'rechazo': {
        const que = acciones[d.accion] ?? d.accion;
        const sobre = d.nombre ? ` («${d.nombre}»)` : '';
        return `Intentó ${que}${sobre}: ${d.mensaje}`;
      }
      case 'orden_compra':
        return `${ordenAccion[d.accion] ?? d.accion} la orden de compra OC-${d.numero} a «${d.proveedor}» por ${pesos(d.total)}`;
      case 'recepcion':
        return `Recibió ${String(d.unidades).replace('.', ',')} unidades de «${d.proveedor}» (RC-${d.numero}${d.ordenNumero ? `, orden OC-${d.ordenNumero}` : ', sin orden'}${d.facturaNumero ? `, factura ${d.facturaNumero}` : ''}) por ${pesos(d.total)}`;
      case 'importacion':
        return `Importó ${({ producto: 'productos', cliente: 'clientes', proveedor: 'proveedores' } as Record<string, string>)[d.entidad] ?? d.entidad}: ${d.nuevos} nuevos, ${d.actualizados} actualizados${d.precios != null ? ` (${d.precios} precios y ${d.stock ?? 0} ajustes de stock)` : ''}`;
      case 'devolucion':
        return d.ventaCambioNumero != null
          ? `Cambio: devolución N.º ${d.numero} de la venta #${d.ventaNumero ?? d.ventaId} (${d.unidades} ${d.unidades === 1 ? 'unidad' : 'unidades'}, ${pesos(d.total)}) abonada a la venta #${d.ventaCambioNumero}, diferencia con ${d.metodo}. Motivo: ${d.motivo}`
          : `Devolución N.º ${d.numero} de la venta #${d.ventaNumero ?? d.ventaId}: ${d.unidades} ${d.unidades === 1 ? 'unidad' : 'unidades'}, ${pesos(d.total)} devueltos con ${d.metodo}. Motivo: ${d.motivo}`;
      case 'sin_stock':
        return `Vendió ${d.cantidad} de «${d.producto}» sin stock en el sistema (venta #${d.ventaNumero ?? d.ventaId}): stock ${d.stockAntes} → ${d.stockDespues}${d.autorizadoPor ? `, autorizado por ${d.autorizadoPor}` : ''}`;
      case 'traslado': {
        // Issue #56 point 3 (ADR 056): a leg of a transfer, with its units and a difference's reason.
        const verbo = ({ pedido: 'Pidió', despacho: 'Despachó', recepcion: 'Recibió', cancelacion: 'Canceló' } as Record<string, string>)[d.accion] ?? d.accion;
        const cant = (n: number) => String(n).replace('.', ',');
        const unidades = d.accion === 'cancelacion' ? '' : `: ${cant(d.unidades)} unidades`;
        const falta = d.faltante > 0 ? `; diferencia de ${cant(d.faltante)}` : '';
        return `${verbo} el traslado TR-${d.numero} de ${d.origen} a ${d.destino}${unidades}${falta}${d.motivo ? `. Motivo: ${d.motivo}` : ''}`;
      }
      case 'lote_vencido':
        return `Vendió ${String(d.cantidad).replace('.', ',')} de «${d.producto}» del lote ${d.lote}, vencido el ${String(d.vence).split('-').reverse().join('/')} (venta #${d.ventaNumero ?? d.ventaId})${d.sinRed != null ? ', sin red' : ''}${d.autorizadoPor ? `, autorizado por ${d.autorizadoPor}` : ''}`;
      case 'formula_medica':
        return `Vendió «${d.producto}», bajo fórmula médica (venta #${d.ventaNumero ?? d.ventaId}): ${d.confirmada ? 'el cliente presentó la fórmula' : 'sin confirmar la fórmula'}${d.sinRed != null ? ', sin red' : ''}`;
      case 'venta_editada':
        return `Editó la venta #${d.numero || d.ventaId}: ${(d.campos as string[]).map((c) => camposVenta[c] ?? c).join(', ')}`;
      case 'documento_electronico': {
        if (d.accion === 'nota_debito')
          return `Emitió la nota débito ${d.numero} a la factura ${d.factura} (venta #${d.ventaNumero}) por ${pesos(d.total)}: ${({ 1: 'Intereses', 2: 'Gastos por cobrar', 3: 'Cambio del valor', 4: 'Otros' } as Record<number, string>)[d.concepto as number] ?? d.concepto}. Motivo: ${d.motivo}`;
        if (d.accion === 'documento_soporte') return `Emitió el documento soporte ${d.numero} de la recepción #${d.recepcionNumero} (${d.proveedor}) por ${pesos(d.total)}`;
        if (d.accion === 'correo_comprador') return `Envió ${d.numero} de la venta #${d.ventaNumero} al correo del comprador (${d.correo})`;
        if (d.accion === 'nota_soporte') return `Emitió la nota de ajuste ${d.numero} al documento soporte ${d.soporte} (recepción #${d.recepcionNumero}) por ${pesos(d.total)}. Motivo: ${d.motivo}`;
        if (d.accion === 'certificado') return `Cargó el certificado de firma de «${d.sujeto}» (vence ${String(d.validoHasta).slice(0, 10)})${d.desde ? `, el de toda la empresa, desde «${d.desde}»` : ''}`;
        if (d.accion === 'software_empresa') return `Cambió el software ${d.documento ? `de «${d.documento}» ` : ''}de la empresa en la DIAN, desde «${d.desde}»: ${(d.campos as string[]).join(', ')}`;
        if (d.accion === 'tipo_configuracion') return `Cambió la habilitación de «${d.documento}»: ${(d.campos as string[]).join(', ')}`;
        if (d.documento && d.accion === 'consulta_set_pruebas') return d.aceptado ? `Consultó el set de pruebas de «${d.documento}» en la DIAN: aceptado` : `Consultó el set de pruebas de «${d.documento}» en la DIAN: aún no aceptado`;
        if (d.documento && d.accion === 'set_pruebas') return d.aceptado ? `Envió el set de pruebas de «${d.documento}» a la DIAN: aceptado` : `Envió el set de pruebas de «${d.documento}» a la DIAN: no fue aceptado`;
        if (d.accion === 'consulta_set_pruebas') return d.aceptado ? 'Consultó el set de pruebas en la DIAN: aceptado' : 'Consultó el set de pruebas en la DIAN: aún no aceptado';
        if (d.accion === 'set_pruebas') return d.aceptado ? 'Envió el set de pruebas a la DIAN: aceptado' : 'Envió el set de pruebas a la DIAN: no fue aceptado';
        const campos = (d.campos as string[]).length ? `: ${(d.campos as string[]).join(', ')}` : '';
        return `Cambió el documento electrónico (${d.habilitado ? 'activo' : 'inactivo'}, ${d.ambiente === 'produccion' ? 'producción' : 'habilitación'})${campos}`;
      }
      case 'perfil_fiscal': {
        const campos = (d.campos as string[]).map((c) => (impuestos.perfil as Record<string, unknown>)[c]).filter((c): c is string => typeof c === 'string');
        return `${d.nuevo ? 'Registró' : 'Cambió'} los datos fiscales${campos.length ? `: ${campos.join(', ')}` : ''}. Responsable de IVA: ${si(d.responsableIva)}`;
      }
      case 'impuesto': {
        const tarifa = d.impuesto ? (impuestos.nombres as Record<string, string>)[d.impuesto] ?? d.impuesto : 'el de su categoría';
        return d.categoria != null
          ? `Impuesto de la categoría «${d.categoria}»: ${tarifa} (${d.actualizados} ${d.actualizados === 1 ? 'producto lo hereda' : 'productos lo heredan'})`
          : `Impuesto de ${d.productos} ${d.productos === 1 ? 'producto' : 'productos'}: ${tarifa}`;
      }
      case 'administracion': {
        const verbo = ({ alta: 'Creó', cambio: 'Modificó', eliminacion: 'Eliminó' } as Record<string, string>)[d.accion] ?? d.accion;
        const que = ({ usuario: 'el usuario', rol: 'el rol', tienda: 'la tienda', metodo_pago: 'el método de pago' } as Record<string, string>)[d.entidad] ?? d.entidad;
        const valor = (v: unknown) => (v == null || v === '' ? '—' : String(v));
        const cambios = ((d.cambios ?? []) as { campo: string; antes: unknown; despues: unknown }[]).map((c) =>
          c.campo === 'contrasena' ? 'contraseña: cambiada' : `${camposAdministracion[c.campo] ?? c.campo}: ${valor(c.antes)} → ${valor(c.despues)}`,
        );
        return `${verbo} ${que} «${d.nombre}» (#${d.id})${cambios.length ? `: ${cambios.join('; ')}` : ''}`;
      }
      case 'sin_red': {
        const valor = (campo: string, v: unknown) =>
          v == null || v === '' ? '—' : campo === 'estado' ? (sinRed.equipoEstado as Record<string, string>)[String(v)] ?? String(v) : campo === 'revisada' ? si(v === 'si') : String(v);
        const campos: Record<string, string> = { estado: 'estado', nombre: 'nombre', revisada: 'revisada' };
        const cambios = ((d.cambios ?? []) as { campo: string; antes: unknown; despues: unknown }[]).map((c) => `${campos[c.campo] ?? c.campo}: ${valor(c.campo, c.antes)} → ${valor(c.campo, c.despues)}`);
        const lista = cambios.length ? `: ${cambios.join('; ')}` : '';
        if (d.accion === 'revisada') return `Marcó revisada la venta sin red #${d.ventaNumero}${d.numeroDispositivo ? ` (${d.numeroDispositivo})` : ''}${d.nombre ? ` del equipo «${d.nombre}»` : ''}${lista}`;
        const verbo = ({ autorizado: 'Autorizó el', renombrado: 'Renombró el', revocado: 'Quitó el permiso al' } as Record<string, string>)[d.accion] ?? d.accion;
        return `${verbo} equipo sin red «${d.nombre}» (#${d.equipoId})${lista}`;
      }
      case 'lista_precio': {
        // Issue #59 point 5 (ADR 047): what changed in a price list, before → after.
        const valor = (v: unknown) => (v == null || v === '' ? '—' : String(v));
        const cambios = ((d.cambios ?? []) as { campo: string; antes: unknown; despues: unknown }[]).map((c) => `${c.campo}: ${valor(c.antes)} → ${valor(c.despues)}`);
        const verbo = ({ creada: 'Creó', cambiada: 'Cambió', eliminada: 'Eliminó', precio: 'Cambió un precio de', cliente: 'Cambió los clientes de', copiada: 'Copió' } as Record<string, string>)[d.accion] ?? d.accion;
        return `${verbo} la lista de precios «${d.lista}»${cambios.length ? `: ${cambios.join('; ')}` : ''}`;
      }
      case 'promocion': {
        // Issue #59 point 5 (ADR 052): what changed in a promotion, before → after.
        const valor = (v: unknown) => (v == null || v === '' ? '—' : String(v));
        const cambios = ((d.cambios ?? []) as { campo: string; antes: unknown; despues: unknown }[]).map((c) => `${c.campo}: ${valor(c.antes)} → ${valor(c.despues)}`);
        const verbo = ({ creada: 'Creó', cambiada: 'Cambió', eliminada: 'Eliminó', copiada: 'Copió' } as Record<string, string>)[d.accion] ?? d.accion;
        return `${verbo} la promoción «${d.promocion}»${cambios.length ? `: ${cambios.join('; ')}` : ''}`;
      }
      case 'proveedor': {
        // ADR 064: a supplier of the empresa edited from one of its stores, each field before → after.
        const nombres: Record<string, string> = { nombre: 'nombre', telefono: 'teléfono', email: 'correo', documento: 'NIT o cédula', direccion: 'dirección', obligadoFacturar: 'emite factura electrónica', tipoIdentificacion: 'tipo de documento', municipio: 'municipio' };
        const valor = (v: unknown) => (v == null || v === '' ? '—' : typeof v === 'boolean' ? si(v) : String(v));
        const cambios = ((d.cambios ?? []) as { campo: string; antes: unknown; despues: unknown }[]).map((c) => `${nombres[c.campo] ?? c.campo}: ${valor(c.antes)} → ${valor(c.despues)}`);
        return `Modificó el proveedor «${d.nombre}» (#${d.id})${cambios.length ? `: ${cambios.join('; ')}` : ''}`;
      }
      case 'union_clientes':
      case 'union_proveedores': {
        // Issue #56 (ADR 067, 072): two customers or suppliers with one documento merged, each of this store's figures before → after.
        const valor = (v: unknown) => (v == null || v === '' ? '—' : String(v));
        const cambios = ((d.cambios ?? []) as { campo: string; antes: unknown; despues: unknown }[]).map((c) => `${c.campo}: ${valor(c.antes)} → ${valor(c.despues)}`);
        const quien = tipo === 'union_clientes' ? 'el cliente' : 'el proveedor';
        return `Unió ${quien} «${d.unido}» (#${d.unidoId}) a «${d.sobreviviente}» (#${d.sobrevivienteId})${cambios.length ? `: ${cambios.join('; ')}` : ''}`;
      }
      case 'puntos':
        // Issue #59 point 3 (ADR 054).
        return puntos.describir(d as Parameters<typeof puntos.describir>[0]);
      default:
        return JSON.stringify(d);
    }
  },
};
