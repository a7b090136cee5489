import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { comun } from '#shared/messages/comun';
import { compras } from '#shared/messages/compras';
import { formatPesos, parsePesos } from '#shared/money';
import { cufeDeQr, type TOrden } from '#shared/schemas/compras';
import { PageHeader } from '../../components/page-header';
import { Field, FechaInput } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { alertFailure, alertWarning, confirmAction, toastSuccess } from '../../lib/alerts';
import { useFechas } from '../../lib/fechas';
import { useMisPermisos } from '../../lib/mis-permisos';
import { useSession } from '../../lib/session';
import { useCambiarOrden, useOrden, useRecibir } from './api/compras';
import { claseEstado } from './estado';
import { enlaceWhatsapp } from './whatsapp';
import './compras.css';

const EscanerCamara = lazy(() => import('../impresion/escaner-camara'));

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, compras };
const C = M.compras.columnas;

interface Fila {
  cantidad: string;
  costo: string;
  vence: string;
  lote: string;
}

/** Receiving an order: what came of each line (the pending by default), its cost, expiry and lot; the supplier's invoice. */
function RecibirOrden({ orden }: { orden: TOrden }) {
  const recibir = useRecibir();
  const pendientes = orden.items.filter((l) => l.productoId != null && l.cantidad > l.recibido);
  const [filas, setFilas] = useState<Record<number, Fila>>(() =>
    Object.fromEntries(pendientes.map((l) => [l.id, { cantidad: String(l.cantidad - l.recibido), costo: l.costoUnit != null ? String(l.costoUnit) : '', vence: '', lote: '' }])),
  );
  const [factura, setFactura] = useState('');
  const [cufe, setCufe] = useState('');
  const [camara, setCamara] = useState(false);
  const [errores, setErrores] = useState<Record<string, string>>({});
  const cambiar = (id: number, campo: keyof Fila, v: string) => setFilas((f) => ({ ...f, [id]: { ...f[id]!, [campo]: v } }));

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const lineas = pendientes
      .map((l) => {
        const f = filas[l.id]!;
        return { productoId: l.productoId!, cantidad: Number(f.cantidad || 0), costoUnit: parsePesos(f.costo || '0') ?? -1, vence: f.vence || null, lote: f.lote || null };
      })
      .filter((l) => l.cantidad !== 0);
    if (lineas.length === 0) return void alertWarning(M.compras.nadaQueRecibir);
    try {
      const r = await recibir.mutateAsync({ ordenId: orden.id, facturaNumero: factura || null, cufe: cufe || null, lineas });
      setErrores({});
      toastSuccess(r.message);
    } catch (err) {
      const fields = (err as { fields?: Record<string, string> }).fields;
      if (fields) setErrores(fields);
      await alertFailure(err);
    }
  };

  return (
    <form className="card cmp-recibir" onSubmit={onSubmit} noValidate aria-labelledby="recibir-title">
      <h2 id="recibir-title">{M.compras.recibir}</h2>
      <div className="table-wrap">
        <table className="table cmp-table">
          <thead>
            <tr>
              <th>{C.producto}</th>
              <th className="num">{C.pendiente}</th>
              <th className="num">{C.recibir}</th>
              <th className="num">{C.costo}</th>
              <th>{C.vence}</th>
              <th>{C.lote}</th>
            </tr>
          </thead>
          <tbody>
            {pendientes.map((l) => (
              <tr key={l.id}>
                <td>{l.nombre}</td>
                <td className="num">{l.cantidad - l.recibido}</td>
                <td className="num">
                  <input className="cmp-num" type="number" min={0} max={l.cantidad - l.recibido} inputMode="numeric" aria-label={M.compras.recibidoDe(l.nombre)} value={filas[l.id]!.cantidad} onChange={(e) => cambiar(l.id, 'cantidad', e.target.value)} />
                </td>
                <td className="num">
                  <input className="cmp-costo" inputMode="numeric" aria-label={M.compras.costoDe(l.nombre)} value={filas[l.id]!.costo} onChange={(e) => cambiar(l.id, 'costo', e.target.value)} />
                </td>
                <td>
                  <FechaInput className="cmp-vence" aria-label={M.compras.venceDe(l.nombre)} value={filas[l.id]!.vence} onChange={(e) => cambiar(l.id, 'vence', e.target.value)} />
                </td>
                <td>
                  <input className="cmp-lote" maxLength={40} aria-label={M.compras.loteDe(l.nombre)} value={filas[l.id]!.lote} onChange={(e) => cambiar(l.id, 'lote', e.target.value)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="form-grid cmp-factura">
        <Field label={M.compras.facturaNumero} maxLength={40} value={factura} onChange={(e) => setFactura(e.target.value)} error={errores.facturaNumero} />
        <div>
          <Field label={M.compras.cufe} value={cufe} onChange={(e) => setCufe(e.target.value.trim())} error={errores.cufe} hint={M.compras.cufeAyuda} spellCheck={false} autoComplete="off" />
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setCamara(true)}>
            {M.compras.cufeLeer}
          </button>
        </div>
      </div>
      <button type="submit" className="btn" disabled={recibir.isPending}>
        {M.compras.registrarRecepcion}
      </button>
      {camara ? (
        <Suspense fallback={null}>
          <EscanerCamara
            qr
            onCerrar={() => setCamara(false)}
            onCodigo={(texto) => {
              setCamara(false);
              const leido = cufeDeQr(texto);
              if (!leido) return void alertWarning(M.compras.cufeNoEncontrado);
              setCufe(leido);
              toastSuccess(M.compras.cufeLeido);
            }}
          />
        </Suspense>
      ) : null}
    </form>
  );
}

/** /ordenes_compra/:id (issue #32 points 4–5): one purchase order, its PDF and WhatsApp, its state, and receiving it. */
export default function OrdenPage() {
  const { id } = useParams();
  const idOrden = id && /^\d{1,9}$/.test(id) ? Number(id) : null;
  const q = useOrden(idOrden);
  const cambiar = useCambiarOrden(idOrden ?? 0);
  const fechas = useFechas();
  const session = useSession();
  const permisos = useMisPermisos();
  const orden = q.data;
  const tienda = session?.tienda ?? '';

  const onEnviar = async () => {
    try {
      await cambiar.mutateAsync('enviar');
      toastSuccess(M.compras.ordenEnviada);
    } catch (err) {
      await alertFailure(err);
    }
  };
  const onCancelar = async () => {
    if (!(await confirmAction(M.compras.cancelarTitulo, M.compras.cancelarTexto, M.compras.cancelarBoton))) return;
    try {
      await cambiar.mutateAsync('cancelar');
      toastSuccess(M.compras.ordenCancelada);
    } catch (err) {
      await alertFailure(err);
    }
  };
  const onPdf = async () => {
    if (!orden) return;
    const { pdfOrden } = await import('./orden-pdf');
    pdfOrden(orden, tienda, fechas.fecha(orden.creadaEn)).save(`OC-${orden.numero}.pdf`);
  };

  if (!orden) {
    return (
      <>
        <PageHeader title={M.compras.ordenesTitulo} backTo={paths.ordenesCompra} backLabel={M.compras.verOrdenes} />
        <div className="state" role={q.isError ? 'alert' : 'status'}>
          {q.isError || idOrden == null ? M.compras.ordenNoExiste : M.compras.ordenesCargando}
        </div>
      </>
    );
  }
  const abierta = orden.estado === 'borrador' || orden.estado === 'enviada' || orden.estado === 'parcial';
  return (
    <>
      <PageHeader title={M.compras.ordenTitulo(orden.numero)} backTo={paths.ordenesCompra} backLabel={M.compras.verOrdenes}>
        <button type="button" className="btn btn--ghost" onClick={onPdf}>
          {M.compras.pdf}
        </button>
        <a className="btn btn--ghost" href={enlaceWhatsapp(orden, tienda)} target="_blank" rel="noopener noreferrer">
          {M.compras.whatsapp}
        </a>
        {orden.estado === 'borrador' && permisos.stock ? (
          <button type="button" className="btn" onClick={onEnviar} disabled={cambiar.isPending}>
            {M.compras.enviar}
          </button>
        ) : null}
        {(orden.estado === 'borrador' || orden.estado === 'enviada') && permisos.stock ? (
          <button type="button" className="btn btn--ghost btn--danger-text" onClick={onCancelar} disabled={cambiar.isPending}>
            {M.compras.cancelar}
          </button>
        ) : null}
      </PageHeader>

      <section className="card cmp-resumen" aria-label={M.compras.resumen}>
        <dl className="cmp-dl">
          <div>
            <dt>{C.proveedor}</dt>
            <dd>{orden.proveedor}</dd>
          </div>
          <div>
            <dt>{C.estado}</dt>
            <dd>
              <span className={claseEstado(orden.estado)}>{M.compras.estados[orden.estado]}</span>
            </dd>
          </div>
          <div>
            <dt>{C.fecha}</dt>
            <dd>{fechas.fechaHora(orden.creadaEn)}</dd>
          </div>
          {orden.total != null ? (
            <div>
              <dt>{C.total}</dt>
              <dd>{formatPesos(orden.total)}</dd>
            </div>
          ) : null}
        </dl>
        {orden.nota ? <p className="cmp-muted">{orden.nota}</p> : null}
      </section>

      <div className="table-wrap">
        <table className="table cmp-table">
          <caption className="visually-hidden">{M.compras.lineas}</caption>
          <thead>
            <tr>
              <th>{C.producto}</th>
              <th className="num">{C.cantidad}</th>
              {orden.total != null ? <th className="num">{C.costo}</th> : null}
              {orden.total != null ? <th className="num">{C.subtotal}</th> : null}
              <th className="num">{C.recibido}</th>
              <th className="num">{C.pendiente}</th>
            </tr>
          </thead>
          <tbody>
            {orden.items.map((l) => (
              <tr key={l.id}>
                <td>{l.nombre}</td>
                <td className="num">{l.cantidad}</td>
                {orden.total != null ? <td className="num">{formatPesos(l.costoUnit ?? 0)}</td> : null}
                {orden.total != null ? <td className="num">{formatPesos((l.costoUnit ?? 0) * l.cantidad)}</td> : null}
                <td className="num">{l.recibido}</td>
                <td className="num">{Math.max(l.cantidad - l.recibido, 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {abierta && permisos.stock ? <RecibirOrden key={orden.recepciones.length} orden={orden} /> : null}

      <section className="card cmp-recepciones" aria-labelledby="recepciones-title">
        <h2 id="recepciones-title">{M.compras.recepciones}</h2>
        {orden.recepciones.length === 0 ? (
          <p className="cmp-muted">{M.compras.recepcionesVacio}</p>
        ) : (
          <ul className="cmp-lista">
            {orden.recepciones.map((r) => (
              <li key={r.id}>
                <strong>{M.compras.recepcionNumero(r.numero)}</strong> · {fechas.fechaHora(r.fecha)} · {M.compras.unidades(r.unidades)}
                {r.total != null ? ` · ${formatPesos(r.total)}` : ''}
                {r.facturaNumero ? ` · ${M.compras.facturaCorta(r.facturaNumero)}` : ''} · {r.persona}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
