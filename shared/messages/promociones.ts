/** Spanish texts of the promotions (issue #59 points 2 and 5, ADR 052). */
import { isoADdMmAaaa } from '../fecha-texto';
import { promocionesCaja } from './promociones-caja';

const dias = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
export const promociones = {
  titulo: 'Promociones',
  subtitulo: 'Lleve 3 pague 2, precios por cantidad, descuentos por producto o categoría, combos y compras mínimas, en los días y horas que usted elija.',
  enlace: 'Promociones',
  nueva: 'Nueva promoción',
  crear: 'Crear promoción',
  guardar: 'Guardar',
  guardando: 'Guardando…',
  eliminar: 'Eliminar',
  confirmarEliminar: (nombre: string) => `¿Eliminar la promoción «${nombre}»? Las ventas ya hechas la conservan.`,
  vacio: 'Todavía no hay promociones.',
  cargando: 'Cargando las promociones…',
  cargaFallida: 'No se pudieron cargar las promociones.',
  tipos: { nxm: 'Lleve N pague M (2×1, 3×2)', nxprecio: 'N unidades por $ X', porcentaje: '% de descuento en un producto o categoría', combo: 'Combo: varios productos por $ X', minimo: 'Compra mínima: descuento desde $ X' },
  campos: {
    nombre: 'Nombre',
    tipo: 'Tipo',
    lleve: 'Lleve (unidades)',
    pague: 'Pague (unidades)',
    precio: 'Precio ($)',
    porcentaje: 'Descuento (%)',
    valor: 'Descuento ($)',
    minimo: 'Compra desde ($)',
    producto: 'Producto',
    categoria: 'Categoría',
    productos: 'Productos del combo',
    cantidad: 'Cantidad',
    bajoCosto: 'Permitir vender por debajo del costo',
    desde: 'Desde el día',
    hasta: 'Hasta el día',
    dias: 'Días',
    horaDesde: 'Desde la hora',
    horaHasta: 'Hasta la hora',
    activa: 'Activa',
  },
  dias,
  diasCortos: ['Do', 'Lu', 'Ma', 'Mi', 'Ju', 'Vi', 'Sa'],
  todosLosDias: 'Todos los días',
  columnas: { nombre: 'Promoción', cuando: 'Cuándo' },
  activa: 'Activa',
  inactiva: 'Inactiva',
  ...promocionesCaja,
  /** A receipt line a promotion priced: its name only; the saving is shown once, in the Ahorro row. */
  enLinea: (nombre: string) => `Promoción: ${nombre}`,
  buscarProducto: 'Buscar producto por nombre o código',
  agregarProducto: 'Agregar al combo',
  quitar: 'Quitar',
  editar: 'Editar',
  cancelar: 'Cancelar',
  // Answers and refusals (every face).
  creada: (nombre: string) => `Promoción «${nombre}» creada.`,
  guardada: 'Promoción guardada.',
  eliminada: 'Promoción eliminada.',
  noExiste: 'La promoción no existe.',
  nombreInvalido: 'Escriba un nombre de hasta 60 caracteres.',
  nombreRepetido: 'Ya hay una promoción con ese nombre.',
  tipoInvalido: 'Elija el tipo de promoción.',
  lleveInvalido: 'Lleve: una cantidad entera de 2 a 999.',
  pagueInvalido: 'Pague: menos unidades de las que lleva.',
  precioInvalido: 'Escriba un precio mayor que 0.',
  porcentajeInvalido: 'El descuento va de 1 % a 90 %.',
  valorInvalido: 'Escriba el descuento en pesos o en %.',
  minimoInvalido: 'Escriba desde qué valor de compra aplica.',
  productoRequerido: 'Elija el producto.',
  productoOCategoria: 'Elija un producto o escriba una categoría.',
  productoNoExiste: 'El producto no existe.',
  comboInvalido: 'Un combo lleva al menos dos productos distintos.',
  fechaInvalida: 'Escriba una fecha válida (AAAA-MM-DD).',
  fechasInvertidas: 'La fecha final no puede ser antes de la inicial.',
  horaInvalida: 'Escriba una hora válida (HH:MM).',
  diasInvalidos: 'Elija al menos un día.',
  cambiaron: 'Las promociones cambiaron mientras cobraba: revise el total y cobre de nuevo.',
  motivoSinRed: (equipo: string, servidor: string) => `Las promociones daban otro ahorro: el equipo ${equipo}, el servidor ${servidor}.`,
  cuandoDe: (p: { desde: string | null; hasta: string | null; dias: number; horaDesde: string | null; horaHasta: string | null }) => {
    const partes: string[] = [];
    const f = (d: string) => isoADdMmAaaa(d);
    if (p.desde || p.hasta) partes.push(p.desde && p.hasta ? `del ${f(p.desde)} al ${f(p.hasta)}` : p.desde ? `desde el ${f(p.desde)}` : `hasta el ${f(p.hasta!)}`);
    partes.push(p.dias === 127 ? 'todos los días' : dias.filter((_, i) => p.dias & (1 << i)).join(', '));
    if (p.horaDesde || p.horaHasta) partes.push(`de ${(p.horaDesde ?? '00:00').slice(0, 5)} a ${(p.horaHasta ?? '24:00').slice(0, 5)}`);
    return partes.join(' · ');
  },
};
