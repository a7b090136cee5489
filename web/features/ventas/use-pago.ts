/**
 * The payment page's state in one reducer (issue #29 point 4, CONVENTIONS.md #20): the method and
 * amount, the fiado rest, the transfer reference, the discounts, and the customer (typed, found,
 * suggested or quick-added). The page's sections read it and dispatch; the request is built by
 * pedido-pago.ts.
 */
import { useEffect, useReducer } from 'react';
import { AppError } from '#shared/errors';
import { errorDocumentoPorTipo } from '#shared/documento';
import { generic } from '#shared/messages/comun';
import { ventas } from '#shared/messages/ventas';
import { formatNumber } from '#shared/money';
import { METODO } from '#shared/roles';
import type { TCliente } from '#shared/schemas/cliente';
import type { TClienteVenta, TDescuentoVenta } from '#shared/schemas/venta';
import { NetworkError } from '../../lib/api-client';
import { buscarCliente } from './api/buscar-cliente';
import { registrarClienteRapido } from './api/registrar-cliente';
import { sugerirClientes } from './api/sugerir-clientes';

const M = { generic, ventas };
const V = M.ventas;
const DOCUMENTO_RE = /^[0-9A-Za-z-]{3,20}$/;

/** A customer registered without leaving the payment. */
export interface NuevoCliente {
  tipoDocumento: string;
  nombre: string;
  apellido: string;
  /** Asked only when the till offers the buyer's data (above 5 UVT, issue #30); empty: none. */
  correo?: string;
}

export interface EstadoPago {
  // Most sales at a tienda are cash: Efectivo is chosen and the amount field has the focus.
  metodo: number;
  monto: string;
  // Fiado (issue #17): what the customer does not pay now goes on the account.
  dejarResto: boolean;
  // Transfers and cards (issue #18): the reference the cashier reads on the customer's phone or voucher.
  referencia: string;
  verificado: boolean;
  // Discounts and lower prices (issue #16 point 4).
  /** By cart line (claveLinea). */
  precios: Record<string, number>;
  descVenta: TDescuentoVenta | undefined;
  motivoDesc: string;
  // The customer: what is typed (documento, name or phone), the one found, suggestions, quick-add.
  documento: string;
  cliente: TClienteVenta | null;
  clienteAviso: string | null;
  buscando: boolean;
  sugeridos: TCliente[];
  nuevo: NuevoCliente | null;
  guardandoCliente: boolean;
  ocupado: boolean;
  avisoEscaner: string | null;
}

export const ESTADO_INICIAL: EstadoPago = {
  metodo: METODO.EFECTIVO,
  monto: '',
  dejarResto: false,
  referencia: '',
  verificado: false,
  precios: {},
  descVenta: undefined,
  motivoDesc: '',
  documento: '',
  cliente: null,
  clienteAviso: null,
  buscando: false,
  sugeridos: [],
  nuevo: null,
  guardandoCliente: false,
  ocupado: false,
  avisoEscaner: null,
};

type Texto = 'monto' | 'referencia' | 'motivoDesc';
type Marca = 'dejarResto' | 'verificado' | 'buscando' | 'guardandoCliente' | 'ocupado';

export type AccionPago =
  | { tipo: 'metodo'; id: number; total: number }
  | { tipo: 'texto'; campo: Texto; valor: string }
  | { tipo: 'marca'; campo: Marca; valor: boolean }
  | { tipo: 'precio'; id: string; valor: number | null }
  | { tipo: 'descuento'; descuento: TDescuentoVenta | undefined }
  /** The customer field was typed in: whatever was found no longer holds. */
  | { tipo: 'documento'; valor: string }
  /** A customer found, chosen or registered (with the documento to show, when it changes). */
  | { tipo: 'cliente'; cliente: TClienteVenta; documento?: string }
  /** The same customer read again (with its price list): taken only while it is still the one chosen. */
  | { tipo: 'clienteLeido'; cliente: TClienteVenta }
  | { tipo: 'sinCliente'; aviso: string }
  | { tipo: 'aviso'; aviso: string | null; sugeridos?: TCliente[] }
  | { tipo: 'sugeridos'; sugeridos: TCliente[] }
  | { tipo: 'nuevo'; nuevo: NuevoCliente | null }
  | { tipo: 'escaner'; aviso: string };

export function pagoReducer(s: EstadoPago, a: AccionPago): EstadoPago {
  switch (a.tipo) {
    case 'metodo':
      // Fiado: nothing is received now. Cards and wallets charge the exact total.
      if (a.id === METODO.FIADO) return { ...s, metodo: a.id, monto: '' };
      return { ...s, metodo: a.id, monto: a.id !== METODO.EFECTIVO && !s.monto.trim() ? formatNumber(a.total) : s.monto };
    case 'texto':
      return { ...s, [a.campo]: a.valor };
    case 'marca':
      return { ...s, [a.campo]: a.valor };
    case 'precio': {
      const { [a.id]: _quitado, ...resto } = s.precios;
      return { ...s, precios: a.valor == null ? resto : { ...resto, [a.id]: a.valor } };
    }
    case 'descuento':
      return { ...s, descVenta: a.descuento };
    case 'documento':
      return { ...s, documento: a.valor, cliente: null, clienteAviso: null, nuevo: null };
    case 'cliente':
      return { ...s, cliente: a.cliente, documento: a.documento ?? s.documento, clienteAviso: null, nuevo: null, sugeridos: a.documento ? [] : s.sugeridos };
    case 'clienteLeido':
      return s.cliente?.documento === a.cliente.documento ? { ...s, cliente: a.cliente } : s;
    case 'sinCliente':
      return { ...s, cliente: null, clienteAviso: a.aviso };
    case 'aviso':
      return { ...s, clienteAviso: a.aviso, sugeridos: a.sugeridos ?? s.sugeridos };
    case 'sugeridos':
      return { ...s, sugeridos: a.sugeridos };
    case 'nuevo':
      return { ...s, nuevo: a.nuevo };
    case 'escaner':
      return { ...s, avisoEscaner: a.aviso };
  }
}

/** A suggested customer as the sale names it. */
export const clienteDeSugerido = (c: TCliente): TClienteVenta => ({
  id: c.id,
  documento: c.documento,
  nombre: `${c.nombre} ${c.apellido}`.trim(),
  telefono: c.telefono,
  credito: c.fiado && c.credito ? { cupo: c.credito.cupo, saldo: c.credito.saldo, disponible: c.credito.disponible } : null,
});

/** A cédula is often written with dots or spaces ("1.023.456.789"): its digits are the documento. */
export const documentoLimpio = (documento: string) => documento.replace(/[.\s-]/g, '');

const textoDeError = (err: unknown) => (err instanceof NetworkError ? M.generic.connectionText : err instanceof AppError ? err.message : M.generic.errorText);

/** The payment's state, and the customer's look-ups (which talk to the server). */
export function usePago() {
  const [s, dispatch] = useReducer(pagoReducer, ESTADO_INICIAL);
  const limpio = documentoLimpio(s.documento);

  // Customers whose name, documento or phone contain what is typed (issue #36 point 4), with their credit.
  const textoCliente = s.documento.trim();
  useEffect(() => {
    if (s.cliente || textoCliente.length < 2) return dispatch({ tipo: 'sugeridos', sugeridos: [] });
    const ctrl = new AbortController();
    const t = setTimeout(() => {
      sugerirClientes(textoCliente, ctrl.signal)
        .then((page) => dispatch({ tipo: 'sugeridos', sugeridos: page.items }))
        .catch(() => undefined);
    }, 250);
    return () => {
      clearTimeout(t);
      ctrl.abort();
    };
  }, [textoCliente, s.cliente]);

  const elegirCliente = async (c: TCliente): Promise<TClienteVenta> => {
    const sugerido = clienteDeSugerido(c);
    dispatch({ tipo: 'cliente', cliente: sugerido, documento: c.documento });
    // A suggestion carries no price list (issue #59, ADR 047): the till's own lookup does, and the checkout
    // charges it, so the payment reads the customer again and shows the list's prices.
    const completo = await buscarCliente(c.documento).catch(() => null);
    if (completo) dispatch({ tipo: 'clienteLeido', cliente: completo });
    return completo ?? sugerido;
  };

  /** The customer of the store with that documento, or null (and a message) when there is none. */
  const resolverCliente = async (): Promise<TClienteVenta | null | 'error'> => {
    if (!limpio) return null;
    if (s.cliente?.documento === limpio) return s.cliente;
    // A name (no digit in it) is not a documento: the one customer it finds, or a choice to make.
    if (!/\d/.test(limpio)) {
      const encontrados = await sugerirClientes(s.documento.trim()).then((p) => p.items, () => []);
      if (encontrados.length === 1) return elegirCliente(encontrados[0]!);
      dispatch({ tipo: 'aviso', aviso: V.elijaCliente, sugeridos: encontrados });
      return 'error';
    }
    if (!DOCUMENTO_RE.test(limpio)) {
      dispatch({ tipo: 'aviso', aviso: V.documentoInvalido });
      return 'error';
    }
    dispatch({ tipo: 'marca', campo: 'buscando', valor: true });
    try {
      const c = await buscarCliente(limpio);
      dispatch({ tipo: 'cliente', cliente: c });
      return c;
    } catch (err) {
      const noEsta = err instanceof AppError && err.code === 'NOT_FOUND';
      dispatch({ tipo: 'sinCliente', aviso: noEsta ? V.clienteNoEncontrado : err instanceof NetworkError ? M.generic.connectionText : M.generic.errorText });
      return 'error';
    } finally {
      dispatch({ tipo: 'marca', campo: 'buscando', valor: false });
    }
  };

  const registrarCliente = async () => {
    if (!s.nuevo || s.guardandoCliente) return;
    // The documento against its type, as the server checks it (issue #36 point 12).
    const malDocumento = errorDocumentoPorTipo(s.nuevo.tipoDocumento, limpio.toUpperCase());
    if (malDocumento) return void dispatch({ tipo: 'aviso', aviso: malDocumento });
    dispatch({ tipo: 'marca', campo: 'guardandoCliente', valor: true });
    try {
      const { correo, ...nuevo } = s.nuevo;
      const c = await registrarClienteRapido({ documento: limpio, ...nuevo, ...(correo?.trim() ? { correo: correo.trim() } : {}) });
      dispatch({ tipo: 'cliente', cliente: c, documento: c.documento });
    } catch (err) {
      dispatch({ tipo: 'aviso', aviso: textoDeError(err) });
    } finally {
      dispatch({ tipo: 'marca', campo: 'guardandoCliente', valor: false });
    }
  };

  /** A text field of the payment bound to its state (value and onChange). */
  const texto = (campo: Texto) => ({ value: s[campo], onChange: (e: { target: { value: string } }) => dispatch({ tipo: 'texto', campo, valor: e.target.value }) });

  return { s, dispatch, texto, documentoLimpio: limpio, elegirCliente, resolverCliente, registrarCliente };
}
export type Pago = ReturnType<typeof usePago>;
