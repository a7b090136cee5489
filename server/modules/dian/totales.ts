/**
 * The document's totals and its taxes grouped as DIAN reports them, from a `DocumentoPos`.
 * All in integer centavos. Excluded lines carry no tax and are not reported; exempt lines are
 * reported as IVA at 0 %; the INC on plastic bags (22) is a per-unit tax.
 */
import { CODIGO_IMPUESTO, type DocumentoPos, type LineaDocumento } from './tipos.js';

export interface SubtotalImpuesto {
  codigo: string;
  /** Percent for rate-based taxes; null for the per-unit bag tax. */
  tarifa: number | null;
  base: number;
  valor: number;
  /** Per-unit tax: units and value per unit (centavos). */
  porUnidad?: { unidades: number; valorUnitario: number };
}

export interface TotalImpuesto {
  codigo: string;
  valor: number;
  subtotales: SubtotalImpuesto[];
}

export interface Totales {
  /** Σ line bases: LineExtensionAmount (ValDoc of the CUDE). */
  bruto: number;
  /** Σ bases that carry a reported tax: TaxExclusiveAmount. */
  baseGravada: number;
  /** bruto + every tax: TaxInclusiveAmount. */
  conImpuestos: number;
  /** PayableAmount (ValTot of the CUDE). */
  aPagar: number;
  impuestos: TotalImpuesto[];
  iva: number;
  inc: number;
  ica: number;
  bolsas: number;
}

/** The taxes one line reports (none for excluido). */
export function impuestosDeLinea(l: LineaDocumento): SubtotalImpuesto[] {
  const out: SubtotalImpuesto[] = [];
  const i = l.impuesto;
  if (i.tipo === 'IVA') out.push({ codigo: CODIGO_IMPUESTO.IVA, tarifa: i.tarifa, base: l.base, valor: i.valor });
  else if (i.tipo === 'exento') out.push({ codigo: CODIGO_IMPUESTO.IVA, tarifa: 0, base: l.base, valor: 0 });
  else if (i.tipo === 'INC') out.push({ codigo: CODIGO_IMPUESTO.INC, tarifa: i.tarifa, base: l.base, valor: i.valor });
  if (l.bolsa && l.bolsa.unidades > 0) {
    out.push({
      codigo: CODIGO_IMPUESTO.INC_BOLSAS,
      tarifa: null,
      base: 0,
      valor: l.bolsa.unidades * l.bolsa.valorUnitario,
      porUnidad: { unidades: l.bolsa.unidades, valorUnitario: l.bolsa.valorUnitario },
    });
  }
  return out;
}

/** Checks what the builder relies on; throws with the first problem found. */
export function validarDocumento(d: DocumentoPos): void {
  const problemas: string[] = [];
  if (d.lineas.length === 0) problemas.push('el documento no tiene líneas');
  const r = d.resolucion;
  if (!/^[A-Za-z0-9]{0,4}$/.test(r.prefijo)) problemas.push('prefijo inválido (hasta 4 letras o dígitos)');
  if (!Number.isSafeInteger(d.consecutivo) || d.consecutivo < r.desde || d.consecutivo > r.hasta) {
    problemas.push(`el consecutivo ${d.consecutivo} está fuera del rango ${r.desde}–${r.hasta}`);
  }
  if (d.pago.forma === 2 && !d.pago.vencimiento) problemas.push('un pago a crédito necesita fecha de vencimiento');
  d.lineas.forEach((l, n) => {
    const donde = `línea ${n + 1}`;
    for (const [campo, v] of [['base', l.base], ['precioUnitario', l.precioUnitario], ['impuesto', l.impuesto.valor]] as const) {
      if (!Number.isSafeInteger(v) || v < 0) problemas.push(`${donde}: ${campo} debe ser un entero de centavos ≥ 0`);
    }
    if (!(l.cantidad > 0) || !Number.isFinite(l.cantidad)) problemas.push(`${donde}: cantidad inválida`);
    if ((l.impuesto.tipo === 'exento' || l.impuesto.tipo === 'excluido') && l.impuesto.valor !== 0) {
      problemas.push(`${donde}: un ítem ${l.impuesto.tipo} no lleva impuesto`);
    }
    if (l.bolsa && (!Number.isSafeInteger(l.bolsa.unidades) || l.bolsa.unidades < 0 || !Number.isSafeInteger(l.bolsa.valorUnitario) || l.bolsa.valorUnitario < 0)) {
      problemas.push(`${donde}: bolsa inválida`);
    }
  });
  if (problemas.length > 0) throw new Error(`Documento POS inválido: ${problemas.join('; ')}`);
}

export function calcularTotales(d: DocumentoPos): Totales {
  const grupos = new Map<string, TotalImpuesto>();
  let bruto = 0;
  let baseGravada = 0;
  for (const l of d.lineas) {
    bruto += l.base;
    let baseContada = false;
    for (const s of impuestosDeLinea(l)) {
      let g = grupos.get(s.codigo);
      if (!g) grupos.set(s.codigo, (g = { codigo: s.codigo, valor: 0, subtotales: [] }));
      g.valor += s.valor;
      if (s.tarifa !== null && !baseContada) {
        baseGravada += s.base;
        baseContada = true;
      }
      const clave = s.tarifa === null ? `u${s.porUnidad!.valorUnitario}` : `p${s.tarifa}`;
      const existente = g.subtotales.find((x) => (x.tarifa === null ? `u${x.porUnidad!.valorUnitario}` : `p${x.tarifa}`) === clave);
      if (existente) {
        existente.base += s.base;
        existente.valor += s.valor;
        if (existente.porUnidad && s.porUnidad) existente.porUnidad.unidades += s.porUnidad.unidades;
      } else {
        g.subtotales.push({ ...s, porUnidad: s.porUnidad ? { ...s.porUnidad } : undefined });
      }
    }
  }
  const orden = ['01', '04', '03', '22'];
  const impuestos = [...grupos.values()].sort((a, b) => orden.indexOf(a.codigo) - orden.indexOf(b.codigo));
  for (const g of impuestos) g.subtotales.sort((a, b) => (b.tarifa ?? -1) - (a.tarifa ?? -1));
  const valorDe = (codigo: string) => grupos.get(codigo)?.valor ?? 0;
  const todos = impuestos.reduce((s, g) => s + g.valor, 0);
  return {
    bruto,
    baseGravada,
    conImpuestos: bruto + todos,
    aPagar: bruto + todos,
    impuestos,
    iva: valorDe(CODIGO_IMPUESTO.IVA),
    inc: valorDe(CODIGO_IMPUESTO.INC),
    ica: valorDe(CODIGO_IMPUESTO.ICA),
    bolsas: valorDe(CODIGO_IMPUESTO.INC_BOLSAS),
  };
}
