/**
 * The promotions engine (issue #59 point 2, ADR 052): pure and deterministic, the one owner of how a
 * cart's promotions are chosen and what each line saves (*Ahorro*). The server's checkout re-prices
 * every sale with it (server/modules/promocion/promocion.precio.ts), and the till shows it — online and
 * offline (web/lib/fuente-venta.ts) — from the same inputs, so the till's total and the sale's agree.
 *
 * Kinds: 'nxm' (lleve N pague M of a product: 3×2), 'nxprecio' (N of a product for $ X), 'porcentaje'
 * (% off a product, or every product of a category), 'combo' (a set of products, each in its quantity,
 * for $ X), 'minimo' (% or $ off the cart from $ X).
 *
 * The rules, in order:
 * - A promotion counts when it is active and its dates (inclusive), days and hours hold at the sale's
 *   moment in the store's time zone (`momentoEn`). An hour window may cross midnight (22:00–02:00).
 * - A line with a cashier's discount, or sold by value ("$ 2.000 de queso"), takes no promotion.
 *   N×M, N for $ X and combos count whole units of plain lines of products sold by unit (not packs nor
 *   weights); a % applies to any other line, a pack's or a weighed one's too.
 * - Per product, the best of: one group promotion (N×M or N for $ X) taken g times and the best % on
 *   the units left; combos are tried in every count that fits (bounded search, greedy beyond it) and
 *   the products' best is taken on what they leave. The largest total saving wins; ties go to the
 *   first found (combos by id, larger counts first), so the same cart always gives the same answer.
 * - Then the best minimum purchase the net cart reaches (after those savings) is added, spread over
 *   the eligible lines in proportion to what each can still give.
 * - Integer pesos: a % is floored (as a cashier's % discount is). A line never goes below $ 0, and
 *   never below its cost (the product's cost × its quantity, rounded up) unless the promotion says
 *   `bajoCosto`.
 */
import { brutoLinea, porUnidad } from './cantidad';
import { ZONA_HORARIA } from './zona-horaria';

export const TIPOS_PROMOCION = ['nxm', 'nxprecio', 'porcentaje', 'combo', 'minimo'] as const;
export type TipoPromocion = (typeof TIPOS_PROMOCION)[number];

/** A promotion as the engine reads it (the API's and the device's shape). */
export interface PromocionMotor {
  id: number;
  nombre: string;
  tipo: TipoPromocion;
  lleve?: number | null;
  pague?: number | null;
  precio?: number | null;
  porcentaje?: number | null;
  valor?: number | null;
  minimo?: number | null;
  productoId?: number | null;
  categoria?: string | null;
  productos?: readonly { productoId: number; cantidad: number }[];
  bajoCosto?: boolean;
  /** 'YYYY-MM-DD', inclusive; null: no limit. */
  desde?: string | null;
  hasta?: string | null;
  /** Bit 0 Sunday … bit 6 Saturday; 127 every day. */
  dias?: number;
  /** 'HH:MM' (or 'HH:MM:SS'); both null: all day. */
  horaDesde?: string | null;
  horaHasta?: string | null;
  activa?: boolean;
}

/** A cart line as the engine reads it: its unit price already the customer's (list, pack). */
export interface LineaMotor {
  productoId: number;
  categoria?: string | null;
  /** The line's unit price (a pack's price for a pack line). */
  precio: number;
  cantidad: number;
  /** DIAN unit of the product ('94' by unit). */
  unidad?: string | null;
  /** A pack's factor (a pack line); null or 1: a plain line. */
  factor?: number | null;
  /** Sold by value: no promotion. */
  importe?: number | null;
  /** Cost of one of the line's units (a pack's: the product's cost × factor); 0 or null: unknown, no floor. */
  costo?: number | null;
  /** A cashier's discount on the line: no promotion. */
  conDescuento?: boolean;
}

/** The sale's moment in the store's time zone. */
export interface Momento {
  /** 'YYYY-MM-DD' */
  fecha: string;
  /** 0 Sunday … 6 Saturday */
  dia: number;
  /** Minutes since midnight. */
  minuto: number;
}

export interface AhorroLinea {
  promocionId: number;
  nombre: string;
  ahorro: number;
}

export interface ResultadoPromociones {
  /** Per input line (same order): what each promotion saved on it. */
  lineas: AhorroLinea[][];
  /** Per promotion applied, in the order of the first line it touched: its name and total saving. */
  aplicadas: { id: number; nombre: string; ahorro: number }[];
  /** The cart's total saving. */
  ahorro: number;
}

const DIAS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** A moment (Date or epoch ms) read in the store's time zone. */
export function momentoEn(cuando: Date | number, zona: string = ZONA_HORARIA): Momento {
  const partes = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zona, year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(cuando))
      .map((p) => [p.type, p.value]),
  );
  return { fecha: `${partes.year}-${partes.month}-${partes.day}`, dia: DIAS[partes.weekday!] ?? 0, minuto: Number(partes.hour) * 60 + Number(partes.minute) };
}

const minutos = (h: string) => {
  const [hh, mm] = h.split(':');
  return Number(hh) * 60 + Number(mm);
};

/** Whether the promotion holds at that moment (active, dates, day, hours). */
export function promocionVigente(p: PromocionMotor, m: Momento): boolean {
  if (p.activa === false) return false;
  if (p.desde && m.fecha < p.desde) return false;
  if (p.hasta && m.fecha > p.hasta) return false;
  if (((p.dias ?? 127) & (1 << m.dia)) === 0) return false;
  if (p.horaDesde && p.horaHasta) {
    const a = minutos(p.horaDesde);
    const b = minutos(p.horaHasta);
    if (a === b) return true;
    return a < b ? m.minuto >= a && m.minuto < b : m.minuto >= a || m.minuto < b;
  }
  if (p.horaDesde) return m.minuto >= minutos(p.horaDesde);
  if (p.horaHasta) return m.minuto < minutos(p.horaHasta);
  return true;
}

/**
 * Spreads `total` pesos over weights, each share at most its cap (largest remainder; ties to the
 * earlier index). `total` must not pass the caps' sum.
 */
export function repartir(total: number, pesos: readonly number[], topes: readonly number[]): number[] {
  const out = pesos.map(() => 0);
  let resto = total;
  for (let vuelta = 0; resto > 0 && vuelta < pesos.length + 1; vuelta++) {
    const abiertos = pesos.map((_, i) => i).filter((i) => topes[i]! - out[i]! > 0);
    if (!abiertos.length) break;
    const peso = abiertos.reduce((a, i) => a + Math.max(pesos[i]!, 0), 0);
    const partes = abiertos.map((i) => {
      const exacto = peso > 0 ? (resto * Math.max(pesos[i]!, 0)) / peso : resto / abiertos.length;
      return { i, base: Math.floor(exacto), frac: exacto - Math.floor(exacto) };
    });
    let sobra = resto - partes.reduce((a, p) => a + p.base, 0);
    for (const p of [...partes].sort((a, b) => b.frac - a.frac || a.i - b.i)) {
      if (sobra <= 0) break;
      p.base += 1;
      sobra -= 1;
    }
    for (const p of partes) {
      const dar = Math.min(p.base, topes[p.i]! - out[p.i]!);
      out[p.i]! += dar;
      resto -= dar;
    }
  }
  return out;
}

/** Cost of `unidades` of a line's units, rounded up (the floor a promotion without `bajoCosto` keeps). */
const costoDe = (costo: number | null | undefined, unidades: number) => (costo && costo > 0 ? Math.ceil(costo * unidades - 1e-9) : 0);

/** Of `bruto` pesos worth of units costing `piso`, what a saving may take: never below 0, never below cost unless allowed. */
const tope = (ahorro: number, bruto: number, piso: number, bajoCosto: boolean | undefined) => Math.max(0, Math.min(ahorro, bajoCosto ? bruto : bruto - piso));

const normal = (s: string | null | undefined) => (s ?? '').trim().toLocaleLowerCase('es');

interface Producto {
  productoId: number;
  precio: number;
  costo: number;
  /** Indices of its plain unit lines, and their whole units. */
  lineas: number[];
  unidades: number;
  /** Its best %: promotion, if any. */
  pct: PromocionMotor | null;
  grupos: PromocionMotor[];
}

/** A product's best on `u` units: one group promotion g times and its % on the rest. */
function mejorDeProducto(p: Producto, u: number): { ahorro: number; partes: { promo: PromocionMotor; ahorro: number }[] } {
  const pctAhorro = (r: number) => (p.pct ? tope(Math.floor((r * p.precio * p.pct.porcentaje!) / 100), r * p.precio, costoDe(p.costo, r), p.pct.bajoCosto) : 0);
  let mejor = { ahorro: pctAhorro(u), partes: p.pct && pctAhorro(u) > 0 ? [{ promo: p.pct, ahorro: pctAhorro(u) }] : [] };
  for (const g of p.grupos) {
    const n = g.lleve!;
    const bruto = n * p.precio;
    const porGrupo = tope(g.tipo === 'nxm' ? (n - g.pague!) * p.precio : bruto - g.precio!, bruto, costoDe(p.costo, n), g.bajoCosto);
    if (porGrupo <= 0) continue;
    // The saving is linear in the groups taken, so the best is all that fit or none (the % alone, above).
    const k = Math.floor(u / n);
    if (k < 1) continue;
    const resto = pctAhorro(u - k * n);
    const total = k * porGrupo + resto;
    if (total > mejor.ahorro) mejor = { ahorro: total, partes: [{ promo: g, ahorro: k * porGrupo }, ...(resto > 0 ? [{ promo: p.pct!, ahorro: resto }] : [])] };
  }
  return mejor;
}

/** The combos' counts tried before the search turns greedy. */
const BUSQUEDA_MAXIMA = 4096;

/**
 * The cart's promotions: what each line saves and by which promotion (see the module's comment for
 * the rules). Pure: the same lines, promotions and moment always give the same answer.
 */
export function aplicarPromociones(lineas: readonly LineaMotor[], promociones: readonly PromocionMotor[], momento: Momento): ResultadoPromociones {
  const vigentes = promociones.filter((p) => promocionVigente(p, momento)).sort((a, b) => a.id - b.id);
  const brutos = lineas.map((l) => brutoLinea(l));
  const pisos = lineas.map((l) => costoDe(l.costo, l.cantidad));
  const porLinea: AhorroLinea[][] = lineas.map(() => []);
  const dado = lineas.map(() => 0);
  const libre = (l: LineaMotor) => l.importe == null && !l.conDescuento && l.precio > 0 && l.cantidad > 0;
  const deUnidad = (l: LineaMotor) => libre(l) && (l.factor ?? 1) === 1 && porUnidad(l.unidad) && Number.isInteger(l.cantidad);

  const dar = (i: number, promo: PromocionMotor, ahorro: number) => {
    if (ahorro <= 0) return;
    dado[i]! += ahorro;
    const previo = porLinea[i]!.find((a) => a.promocionId === promo.id);
    if (previo) previo.ahorro += ahorro;
    else porLinea[i]!.push({ promocionId: promo.id, nombre: promo.nombre, ahorro });
  };
  /** What line i may still give to a promotion (its cost floor unless `bajoCosto`). */
  const margen = (i: number, bajoCosto: boolean | undefined) => Math.max(0, brutos[i]! - dado[i]! - (bajoCosto ? 0 : pisos[i]!));

  const mejorPct = (l: LineaMotor) => {
    let mejor: PromocionMotor | null = null;
    for (const p of vigentes)
      if (p.tipo === 'porcentaje' && (p.productoId === l.productoId || (p.productoId == null && p.categoria && normal(p.categoria) === normal(l.categoria))))
        if (!mejor || p.porcentaje! > mejor.porcentaje!) mejor = p;
    return mejor;
  };

  // Products counted by whole units (their plain lines; price and cost from the first).
  const productos = new Map<number, Producto>();
  for (const [i, l] of lineas.entries()) {
    if (!deUnidad(l)) continue;
    const p = productos.get(l.productoId);
    if (p && p.precio === l.precio) {
      p.lineas.push(i);
      p.unidades += l.cantidad;
    } else if (!p)
      productos.set(l.productoId, {
        productoId: l.productoId,
        precio: l.precio,
        costo: l.costo ?? 0,
        lineas: [i],
        unidades: l.cantidad,
        pct: mejorPct(l),
        grupos: vigentes.filter((g) => (g.tipo === 'nxm' || g.tipo === 'nxprecio') && g.productoId === l.productoId && g.lleve! >= 2),
      });
  }
  const combos = vigentes.filter((c) => c.tipo === 'combo' && c.productos?.length && c.productos.every((x) => productos.has(x.productoId)));

  // The combos' counts: every combination that fits (bounded), each product's best on what is left.
  type Plan = { ahorro: number; combos: { combo: PromocionMotor; veces: number; porVez: number }[]; restos: Map<number, number> };
  const evaluar = (veces: number[]): Plan | null => {
    const restos = new Map([...productos].map(([id, p]) => [id, p.unidades]));
    let ahorro = 0;
    const usados: Plan['combos'] = [];
    for (const [k, c] of combos.entries()) {
      if (!veces[k]) continue;
      let bruto = 0;
      let piso = 0;
      for (const x of c.productos!) {
        const p = productos.get(x.productoId)!;
        restos.set(x.productoId, restos.get(x.productoId)! - x.cantidad * veces[k]!);
        bruto += x.cantidad * p.precio;
        piso += costoDe(p.costo, x.cantidad);
      }
      const porVez = tope(bruto - c.precio!, bruto, piso, c.bajoCosto);
      if (porVez <= 0) return null;
      ahorro += porVez * veces[k]!;
      usados.push({ combo: c, veces: veces[k]!, porVez });
    }
    if ([...restos.values()].some((r) => r < 0)) return null;
    for (const [id, p] of productos) ahorro += mejorDeProducto(p, restos.get(id)!).ahorro;
    return { ahorro, combos: usados, restos };
  };
  const maximo = (c: PromocionMotor) => Math.min(...c.productos!.map((x) => Math.floor(productos.get(x.productoId)!.unidades / x.cantidad)));
  let mejor: Plan = evaluar(combos.map(() => 0))!;
  let probados = 0;
  const buscar = (k: number, veces: number[]) => {
    if (k === combos.length) {
      probados++;
      const plan = evaluar(veces);
      if (plan && plan.ahorro > mejor.ahorro) mejor = plan;
      return;
    }
    const hasta = maximo(combos[k]!);
    for (let v = hasta; v >= 0; v--) {
      if (probados >= BUSQUEDA_MAXIMA && v < hasta) break;
      buscar(k + 1, [...veces, v]);
    }
  };
  if (combos.length) buscar(0, []);

  // Apply the plan: combos over their lines, then each product's best on its units left.
  const repartirEn = (indices: number[], promo: PromocionMotor, ahorro: number, pesos: number[]) => {
    const partes = repartir(ahorro, pesos, indices.map((i) => margen(i, promo.bajoCosto)));
    for (const [j, i] of indices.entries()) dar(i, promo, partes[j]!);
  };
  for (const { combo, veces, porVez } of mejor.combos) {
    const indices = combo.productos!.flatMap((x) => productos.get(x.productoId)!.lineas);
    const pesos = indices.map((i) => {
      const x = combo.productos!.find((y) => y.productoId === lineas[i]!.productoId)!;
      return (x.cantidad * lineas[i]!.precio * lineas[i]!.cantidad) / productos.get(x.productoId)!.unidades;
    });
    repartirEn(indices, combo, porVez * veces, pesos);
  }
  for (const [id, p] of productos) {
    const { partes } = mejorDeProducto(p, mejor.restos.get(id)!);
    for (const parte of partes) repartirEn(p.lineas, parte.promo, parte.ahorro, p.lineas.map((i) => lineas[i]!.cantidad));
  }
  // A % on the lines not counted by unit (packs, weights).
  const contadas = new Set([...productos.values()].flatMap((p) => p.lineas));
  for (const [i, l] of lineas.entries()) {
    if (!libre(l) || contadas.has(i)) continue;
    const p = mejorPct(l);
    if (p) dar(i, p, Math.min(Math.floor((brutos[i]! * p.porcentaje!) / 100), margen(i, p.bajoCosto)));
  }

  // A minimum purchase: the best one the net cart reaches, spread over what the lines can still give.
  const elegibles = lineas.map((_, i) => i).filter((i) => libre(lineas[i]!));
  const neto = elegibles.reduce((a, i) => a + brutos[i]! - dado[i]!, 0);
  let minimo: { promo: PromocionMotor; ahorro: number } | null = null;
  for (const p of vigentes) {
    if (p.tipo !== 'minimo' || neto < (p.minimo ?? 0) || neto <= 0) continue;
    const cabe = elegibles.reduce((a, i) => a + margen(i, p.bajoCosto), 0);
    const ahorro = Math.min(p.porcentaje ? Math.floor((neto * p.porcentaje) / 100) : (p.valor ?? 0), cabe);
    if (ahorro > 0 && (!minimo || ahorro > minimo.ahorro)) minimo = { promo: p, ahorro };
  }
  if (minimo) repartirEn(elegibles, minimo.promo, minimo.ahorro, elegibles.map((i) => margen(i, minimo!.promo.bajoCosto)));

  const aplicadas: ResultadoPromociones['aplicadas'] = [];
  for (const a of porLinea.flat()) {
    const previa = aplicadas.find((x) => x.id === a.promocionId);
    if (previa) previa.ahorro += a.ahorro;
    else aplicadas.push({ id: a.promocionId, nombre: a.nombre, ahorro: a.ahorro });
  }
  return { lineas: porLinea, aplicadas, ahorro: dado.reduce((a, b) => a + b, 0) };
}

/**
 * A cart's lines as the engine reads them, from what the till (online or on the device) and the server
 * both have: the line's price, quantity, unit, pack factor and value, plus each product's cost and
 * category from the promotions' payload (`/promociones/caja`). The same inputs on both sides: the same answer.
 */
export function lineasParaMotor(
  lineas: readonly { productoId: number; precio: number; cantidad: number; unidad?: string | null; factor?: number | null; importe?: number | null; conDescuento?: boolean }[],
  caja: { productos: readonly { productoId: number; costo: number; categoria: string | null }[] },
): LineaMotor[] {
  const productos = new Map(caja.productos.map((p) => [p.productoId, p]));
  return lineas.map((l) => {
    const p = productos.get(l.productoId);
    const factor = l.factor ?? 1;
    return { productoId: l.productoId, categoria: p?.categoria ?? null, precio: l.precio, cantidad: l.cantidad, unidad: l.unidad ?? '94', factor, importe: l.importe ?? null, costo: (p?.costo ?? 0) * factor, conDescuento: !!l.conDescuento };
  });
}
