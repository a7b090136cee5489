import { useState, type FormEvent } from 'react';
import { comun } from '#shared/messages/comun';
import { productos } from '#shared/messages/productos';
import { formatNumber, formatPesos } from '#shared/money';
import { ZPresentacionRequest, type TPresentacion } from '#shared/schemas/presentacion';
import { reglaUnidad } from '#shared/unidades';
import { Field } from '../../../components/ui/field';
import { MoneyField } from '../../../components/ui/money-field';
import { confirmAction, toastSuccess } from '../../../lib/alerts';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { useEliminarPresentacion, useGuardarPresentacion, usePresentaciones } from '../api/presentaciones';
import { showFailure } from './failures';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, productos };
const P = M.productos.presentaciones;

type Valores = { nombre: string; factor: string; codigoBarras: string; precio: string };
const VACIO: Valores = { nombre: '', factor: '', codigoBarras: '', precio: '' };
const valoresDe = (u: TPresentacion): Valores => ({ nombre: u.nombre, factor: String(u.factor), codigoBarras: u.codigoBarras, precio: formatNumber(u.precio) });

/** The form of one sale unit: a new one, or one being changed. */
function PresentacionForm({ productoId, editando, onListo, simbolo }: { productoId: number; editando: TPresentacion | null; onListo: () => void; simbolo: string }) {
  const [valores, setValores] = useState<Valores>(editando ? valoresDe(editando) : VACIO);
  const [errores, setErrores] = useState<Record<string, string>>({});
  const guardar = useGuardarPresentacion(productoId);
  const cambiar = (k: keyof Valores) => (v: string) => setValores((x) => ({ ...x, [k]: v }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZPresentacionRequest.safeParse(valores);
    if (!parsed.success) {
      setErrores(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrores({});
    try {
      const res = await guardar.mutateAsync({ presentacionId: editando?.id, body: valores });
      toastSuccess(res.message);
      onListo();
    } catch (err) {
      const campos = fieldErrorsOf(err);
      if (Object.keys(campos).length) setErrores(campos);
      else await showFailure(err, P.titulo);
    }
  };

  return (
    <form className="gp-presentacion-form" onSubmit={onSubmit} noValidate aria-label={editando ? P.editarDe(editando.nombre) : P.agregar}>
      <div className="form-grid">
        <Field label={P.nombre} placeholder={P.nombreEjemplo} autoComplete="off" value={valores.nombre} error={errores.nombre} onChange={(e) => cambiar('nombre')(e.target.value)} />
        <Field label={simbolo ? P.factorMedida(simbolo) : P.factor} hint={simbolo ? P.factorHintMedida(simbolo) : P.factorHint} inputMode="numeric" autoComplete="off" value={valores.factor} error={errores.factor} onChange={(e) => cambiar('factor')(e.target.value.replace(/\D/g, '').slice(0, 4))} />
        <Field label={P.codigoBarras} inputMode="numeric" autoComplete="off" value={valores.codigoBarras} error={errores.codigoBarras} onChange={(e) => cambiar('codigoBarras')(e.target.value)} />
        <MoneyField label={P.precio} value={valores.precio} error={errores.precio} onValue={cambiar('precio')} />
      </div>
      <div className="gp-form__actions">
        <button type="button" className="btn btn--ghost" onClick={onListo}>
          {P.cancelar}
        </button>
        <button type="submit" className="btn" disabled={guardar.isPending}>
          {guardar.isPending ? M.comun.guardando : P.guardar}
        </button>
      </div>
    </form>
  );
}

/** *Presentaciones* (issue #33 point 5, ADR 033): the product's packs, each with its barcode and price. */
export function Presentaciones({ productoId, puede, unidad }: { productoId: number; puede: boolean; /** The product's unit: a pack of one sold by measure counts whole metres, kilos… (issue #58 point 2). */ unidad?: string | null }) {
  const simbolo = reglaUnidad(unidad).simbolo;
  const lista = usePresentaciones(productoId);
  const eliminar = useEliminarPresentacion(productoId);
  // null: no form open; 'nueva': adding; a unit: changing it.
  const [abierto, setAbierto] = useState<TPresentacion | 'nueva' | null>(null);

  const quitar = async (u: TPresentacion) => {
    if (!(await confirmAction(P.eliminarTitulo, P.eliminarTexto(u.nombre), P.eliminar))) return;
    try {
      toastSuccess((await eliminar.mutateAsync(u.id)).message);
    } catch (err) {
      await showFailure(err, P.titulo);
    }
  };

  const items = lista.data?.items ?? [];
  return (
    <section className="card gp-presentaciones" aria-labelledby="presentaciones-titulo">
      <h2 id="presentaciones-titulo">{P.titulo}</h2>
      <p className="gp-presentaciones__ayuda">{P.ayuda}</p>
      {lista.isPending ? null : items.length === 0 ? (
        <p>{simbolo ? P.porMedida(simbolo) : P.vacio}</p>
      ) : (
        <ul className="gp-presentaciones__lista" aria-label={P.titulo}>
          {items.map((u) => (
            <li key={u.id} className="gp-presentacion">
              <span className="gp-presentacion__nombre">{u.nombre}</span>
              <span className="gp-presentacion__dato">{P.resumen(u.factor, simbolo)}</span>
              <span className="gp-presentacion__dato gp-cell-codigo">{u.codigoBarras}</span>
              <strong className="gp-presentacion__precio">{formatPesos(u.precio)}</strong>
              {puede ? (
                <span className="gp-presentacion__acciones">
                  <button type="button" className="btn btn--ghost btn--sm" aria-label={P.editarDe(u.nombre)} onClick={() => setAbierto(u)}>
                    {P.editar}
                  </button>
                  <button type="button" className="btn btn--ghost btn--sm" aria-label={P.eliminarDe(u.nombre)} onClick={() => void quitar(u)} disabled={eliminar.isPending}>
                    {P.eliminar}
                  </button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {abierto ? (
        <PresentacionForm key={abierto === 'nueva' ? 'nueva' : abierto.id} productoId={productoId} editando={abierto === 'nueva' ? null : abierto} onListo={() => setAbierto(null)} simbolo={simbolo} />
      ) : puede ? (
        <button type="button" className="btn btn--ghost" onClick={() => setAbierto('nueva')}>
          {P.agregar}
        </button>
      ) : null}
    </section>
  );
}
