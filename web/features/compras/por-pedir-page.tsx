import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { comun } from '#shared/messages/comun';
import { compras } from '#shared/messages/compras';
import { traslados } from '#shared/messages/traslados';
import { aMilesimas, formatMilesimas } from '#shared/cantidad';
import { formatPesos } from '#shared/money';
import { ROL } from '#shared/roles';
import type { TPorPedir } from '#shared/schemas/compras';
import { PageHeader } from '../../components/page-header';
import { Field } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { alertFailure, alertWarning, toastSuccess } from '../../lib/alerts';
import { useMisPermisos } from '../../lib/mis-permisos';
import { useSession } from '../../lib/session';
import { useCrearOrden, useGuardarObjetivo, usePorPedir } from './api/compras';
import { rutaOrden } from './rutas';
import './compras.css';

/** A stock or a quantity on its way, with a decimal comma for a product sold by measure (ADR 030, 036). */
const cantidadTexto = (n: number) => formatMilesimas(aMilesimas(n) ?? Math.round(n * 1000));

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, compras };
const C = M.compras.columnas;

type Grupo = TPorPedir['grupos'][number];
type ProductoPedir = Grupo['productos'][number];

/**
 * What a typed quantity is of: the product, in its pack or in its own unit. A list read again in which
 * a product changed between the two (a new delivery by unit, its pack removed) starts that product
 * from its new suggestion, instead of reading a 3 meant as packs as 3 units.
 */
const claveDe = (p: ProductoPedir) => `${p.id}:${p.empaque ? p.empaque.unidadVentaId : 'u'}`;
const sugeridoDe = (p: ProductoPedir) => String(p.empaque ? p.empaque.sugerido : p.sugerido);

/** One supplier's products under their minimum, with a quantity to ask each, and its order button. */
function GrupoProveedor({ grupo, puedePedir }: { grupo: Grupo; puedePedir: boolean }) {
  const navigate = useNavigate();
  const crear = useCrearOrden();
  // A product last received in a pack is asked in packs (ADR 036); the others in their own unit.
  const [escritas, setEscritas] = useState<Record<string, string>>({});
  const cantidad = (p: ProductoPedir) => escritas[claveDe(p)] ?? sugeridoDe(p);
  const titulo = grupo.proveedor?.nombre ?? M.compras.sinProveedor;
  const tituloId = `grupo-${grupo.proveedor?.id ?? 'sin'}`;

  const onCrear = async () => {
    if (!grupo.proveedor) return;
    const lineas = grupo.productos
      .map((p) =>
        p.empaque
          ? { productoId: p.id, cantidad: Number(cantidad(p)), costoUnit: p.empaque.costo ?? (p.ultimoCosto ?? 0) * p.empaque.factor, unidadVentaId: p.empaque.unidadVentaId }
          : { productoId: p.id, cantidad: Number(cantidad(p)), costoUnit: p.ultimoCosto ?? 0 },
      )
      .filter((l) => Number.isInteger(l.cantidad) && l.cantidad > 0);
    if (lineas.length === 0) return void alertWarning(M.compras.nadaQuePedir);
    try {
      const r = await crear.mutateAsync({ proveedorId: grupo.proveedor.id, lineas, nota: null });
      toastSuccess(M.compras.ordenCreada, M.compras.ordenNumero(r.orden.numero));
      navigate(rutaOrden(r.orden.id));
    } catch (err) {
      await alertFailure(err);
    }
  };

  return (
    <section className="card cmp-grupo" aria-labelledby={tituloId}>
      <div className="cmp-grupo__head">
        <h2 id={tituloId}>{titulo}</h2>
        {grupo.proveedor && puedePedir ? (
          <button type="button" className="btn" onClick={onCrear} disabled={crear.isPending} aria-label={M.compras.crearOrdenDe(titulo)}>
            {M.compras.crearOrden}
          </button>
        ) : null}
      </div>
      {!grupo.proveedor ? <p className="cmp-muted">{M.compras.sinProveedorAyuda}</p> : null}
      <div className="table-wrap">
        <table className="table cmp-table cmp-pedir">
          <thead>
            <tr>
              <th>{C.producto}</th>
              <th className="num">{C.stock}</th>
              <th className="num">{C.minimo}</th>
              <th className="num">{C.enCamino}</th>
              <th className="num">{C.sugerido}</th>
              {grupo.proveedor && puedePedir ? <th className="num">{C.pedir}</th> : null}
            </tr>
          </thead>
          <tbody>
            {grupo.productos.map((p) => (
              <tr key={p.id}>
                <td>
                  {p.nombre}
                  {p.ultimoCosto != null ? <small className="cmp-muted cmp-block">{M.compras.ultimoCosto(formatPesos(p.ultimoCosto))}</small> : null}
                </td>
                <td className="num" data-label={C.stock}>
                  {cantidadTexto(p.stock)}
                </td>
                <td className="num" data-label={C.minimo}>
                  {p.stockMin}
                </td>
                <td className="num" data-label={C.enCamino}>
                  {cantidadTexto(p.enCamino)}
                </td>
                <td className="num" data-label={C.sugerido}>
                  {p.empaque ? M.compras.lineaEmpaque(p.empaque.sugerido, p.empaque.nombre, p.empaque.factor) : p.sugerido}
                </td>
                {grupo.proveedor && puedePedir ? (
                  <td className="num cmp-pedir__pedir" data-label={C.pedir}>
                    <input
                      className="cmp-num"
                      type="number"
                      min={0}
                      max={9999}
                      inputMode="numeric"
                      aria-label={p.empaque ? M.compras.empaquesAPedir(p.nombre, p.empaque.nombre) : M.compras.cantidadDe(p.nombre)}
                      value={cantidad(p)}
                      onChange={(e) => setEscritas((c) => ({ ...c, [claveDe(p)]: e.target.value }))}
                    />
                    {p.empaque ? <small className="cmp-muted cmp-block">{M.compras.enEmpaques(p.empaque.nombre)}</small> : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The owner's target level (role 1). */
function Objetivo({ actual }: { actual: number }) {
  const [valor, setValor] = useState(String(actual));
  const [error, setError] = useState<string | undefined>();
  const guardar = useGuardarObjetivo();
  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const n = Number(valor);
    if (!Number.isInteger(n) || n < 100 || n > 1000) return setError(M.compras.objetivoInvalido);
    setError(undefined);
    try {
      await guardar.mutateAsync(n);
      toastSuccess(M.compras.objetivoGuardado);
    } catch (err) {
      await alertFailure(err);
    }
  };
  return (
    <form className="card cmp-objetivo" onSubmit={onSubmit} noValidate>
      <Field label={M.compras.objetivo} type="number" inputMode="numeric" min={100} max={1000} value={valor} onChange={(e) => setValor(e.target.value)} error={error} hint={M.compras.objetivoAyuda} />
      <button type="submit" className="btn btn--ghost" disabled={guardar.isPending}>
        {M.compras.objetivoGuardar}
      </button>
    </form>
  );
}

/** /por_pedir (issue #32 point 3): what is at or under its minimum, by supplier, and the orders made from it. */
export default function PorPedirPage() {
  const session = useSession();
  const permisos = useMisPermisos();
  const q = usePorPedir();
  const grupos = q.data?.grupos ?? [];
  return (
    <>
      <PageHeader title={M.compras.porPedirTitulo}>
        {permisos.stock ? (
          <Link className="btn btn--ghost" to={paths.ordenesCompra}>
            {M.compras.verOrdenes}
          </Link>
        ) : null}
        {session?.rol === ROL.ADMIN || session?.rol === ROL.ENCARGADO ? (
          <Link className="btn btn--ghost" to={paths.traslados}>
            {traslados.enlace}
          </Link>
        ) : null}
      </PageHeader>
      <p className="cmp-intro">{M.compras.porPedirTexto}</p>
      {session?.rol === ROL.ADMIN && q.data ? <Objetivo key={q.data.pedidoObjetivo} actual={q.data.pedidoObjetivo} /> : null}
      {q.isPending ? (
        <div className="state" role="status">
          {M.compras.porPedirCargando}
        </div>
      ) : q.isError ? (
        <div className="state" role="alert">
          {M.compras.porPedirFallido}{' '}
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => q.refetch()}>
            {M.comun.reintentar}
          </button>
        </div>
      ) : grupos.length === 0 ? (
        <div className="state">{M.compras.porPedirVacio}</div>
      ) : (
        <div className="cmp-grupos">
          {grupos.map((g) => (
            <GrupoProveedor key={g.proveedor?.id ?? 'sin'} grupo={g} puedePedir={permisos.stock} />
          ))}
        </div>
      )}
    </>
  );
}
