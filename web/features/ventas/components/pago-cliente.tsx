import type { KeyboardEvent, RefObject } from 'react';
import { generic } from '#shared/messages/comun';
import { ventas } from '#shared/messages/ventas';
import { formatPesos } from '#shared/money';
import { METODO, TIPOS_DOC_CLIENTE } from '#shared/roles';
import { Field, SelectField } from '../../../components/ui/field';
import type { Pago } from '../use-pago';

const M = { generic, ventas };
const V = M.ventas;

/** The sale's customer: typed (documento, name or phone), suggested with their credit, or registered on the spot. */
export function PagoCliente({ pago, documentoRef, topeComprador }: { pago: Pago; documentoRef: RefObject<HTMLInputElement | null>; topeComprador: number | null }) {
  const { s, dispatch, documentoLimpio, elegirCliente, resolverCliente, registrarCliente } = pago;
  const esFiado = s.metodo === METODO.FIADO;
  const credito = s.cliente?.credito ?? null;
  const nuevo = s.nuevo;
  // Enter in the new customer's fields saves the customer, never the payment.
  const enterGuarda = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void registrarCliente();
  };
  // Above 5 UVT in a store responsible for IVA (issue #30 point 6): the buyer's data are offered, never required.
  const ofrecer = topeComprador != null && !s.cliente;
  return (
    <>
      {ofrecer ? (
        <div className="pago__comprador" role="note" data-testid="oferta-comprador">
          <p>{V.ofertaComprador(formatPesos(topeComprador))}</p>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => documentoRef.current?.focus()}>
            {V.agregarComprador}
          </button>
        </div>
      ) : null}
      <div className="pago__cliente">
        <Field
          ref={documentoRef}
          label={esFiado ? V.documentoCliente : V.documentoClienteOpcional}
          name="documentoCliente"
          placeholder={V.buscarClientePlaceholder}
          autoComplete="off"
          value={s.documento}
          error={s.clienteAviso ?? undefined}
          onChange={(e) => dispatch({ tipo: 'documento', valor: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void resolverCliente();
            }
          }}
        />
        <button type="button" className="btn btn--ghost" onClick={() => void resolverCliente()} disabled={s.buscando || !s.documento.trim()}>
          {s.buscando ? V.buscando : V.buscarCliente}
        </button>
      </div>
      {s.sugeridos.length && !s.cliente ? (
        <ul className="pago__sugerencias" aria-label={V.clientesSugeridos}>
          {s.sugeridos.map((c) => (
            <li key={c.id}>
              <button type="button" className="btn btn--ghost btn--block pago__sugerencia" onClick={() => elegirCliente(c)}>
                <span>{V.sugerenciaCliente(`${c.nombre} ${c.apellido}`.trim(), c.tipoDocumento, c.documento)}</span>
                <small>{c.fiado && c.credito ? V.sugerenciaCredito(formatPesos(c.credito.saldo), formatPesos(c.credito.disponible)) : V.sugerenciaSinFiado}</small>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {s.cliente ? (
        <p className="pago__cliente-ok" role="status">
          {V.cliente}: <strong>{s.cliente.nombre}</strong>
          {credito ? (
            <small data-testid="pago-credito"> · {V.fiadoDisponible(formatPesos(credito.disponible), formatPesos(credito.cupo))}</small>
          ) : esFiado ? (
            <small className="pago__aviso"> · {V.fiadoNoHabilitado}</small>
          ) : null}
        </p>
      ) : s.clienteAviso === V.clienteNoEncontrado && !nuevo && /\d/.test(documentoLimpio) ? (
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => dispatch({ tipo: 'nuevo', nuevo: { tipoDocumento: 'CC', nombre: '', apellido: '' } })}>
          {V.registrarCliente}
        </button>
      ) : null}
      {nuevo && !s.cliente ? (
        <fieldset className="pago__nuevo-cliente">
          <legend>{V.nuevoCliente(documentoLimpio)}</legend>
          <SelectField
            label={V.tipoDocumento}
            name="tipoDocumentoNuevo"
            options={TIPOS_DOC_CLIENTE}
            value={nuevo.tipoDocumento}
            onChange={(e) => dispatch({ tipo: 'nuevo', nuevo: { ...nuevo, tipoDocumento: e.target.value } })}
          />
          <Field
            label={V.nombre}
            name="nombreNuevo"
            autoComplete="off"
            value={nuevo.nombre}
            onChange={(e) => dispatch({ tipo: 'nuevo', nuevo: { ...nuevo, nombre: e.target.value } })}
            onKeyDown={enterGuarda}
          />
          <Field
            label={V.apellido}
            name="apellidoNuevo"
            autoComplete="off"
            value={nuevo.apellido}
            onChange={(e) => dispatch({ tipo: 'nuevo', nuevo: { ...nuevo, apellido: e.target.value } })}
            onKeyDown={enterGuarda}
          />
          {topeComprador != null ? (
            <Field
              label={V.correoOpcional}
              name="correoNuevo"
              type="email"
              autoComplete="off"
              value={nuevo.correo ?? ''}
              onChange={(e) => dispatch({ tipo: 'nuevo', nuevo: { ...nuevo, correo: e.target.value } })}
              onKeyDown={enterGuarda}
            />
          ) : null}
          <div className="pago__nuevo-acciones">
            <button type="button" className="btn btn--sm" disabled={s.guardandoCliente} onClick={() => void registrarCliente()}>
              {s.guardandoCliente ? V.guardando : V.guardarCliente}
            </button>
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => dispatch({ tipo: 'nuevo', nuevo: null })}>
              {M.generic.cancel}
            </button>
          </div>
        </fieldset>
      ) : null}
    </>
  );
}
