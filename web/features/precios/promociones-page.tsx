import { useEffect, useState, type FormEvent } from 'react';
import { comun } from '#shared/messages/comun';
import { promociones } from '#shared/messages/promociones';
import { sucursales } from '#shared/messages/sucursales';
import { formatPesos } from '#shared/money';
import type { TipoPromocion } from '#shared/promociones';
import type { TPromocion, TPromocionRequest } from '#shared/schemas/promociones';
import { PageHeader } from '../../components/page-header';
import { ErrorCampo, Field, SelectField } from '../../components/ui/field';
import { TablaDatos } from '../../components/ui/tabla-datos';
import { alertFailure, confirmAction, toastSuccess } from '../../lib/alerts';
import { fieldErrorsOf } from '../../lib/form-errors';
import { BuscarProducto, type Producto } from './buscar-producto';
import { useOtrasTiendas } from './api/copia';
import { CopiarATiendas } from './copiar-a-tiendas';
import { useEliminarPromocion, useGuardarPromocion, usePromociones } from './api/promociones';
import { usePuedePromociones } from './rutas';
import './precios.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, promociones };
const P = M.promociones;
const F = P.campos;

interface Borrador {
  nombre: string;
  tipo: TipoPromocion;
  lleve: string;
  pague: string;
  precio: string;
  porcentaje: string;
  valor: string;
  minimo: string;
  producto: Producto | null;
  categoria: string;
  productos: { producto: Producto; cantidad: string }[];
  bajoCosto: boolean;
  desde: string;
  hasta: string;
  dias: number;
  horaDesde: string;
  horaHasta: string;
  activa: boolean;
}

const vacio: Borrador = { nombre: '', tipo: 'nxm', lleve: '3', pague: '2', precio: '', porcentaje: '', valor: '', minimo: '', producto: null, categoria: '', productos: [], bajoCosto: false, desde: '', hasta: '', dias: 127, horaDesde: '', horaHasta: '', activa: true };

const texto = (n: number | null) => (n == null ? '' : String(n));
const deFila = (p: TPromocion): Borrador => ({
  nombre: p.nombre,
  tipo: p.tipo,
  lleve: texto(p.lleve),
  pague: texto(p.pague),
  precio: texto(p.precio),
  porcentaje: texto(p.porcentaje),
  valor: texto(p.valor),
  minimo: texto(p.minimo),
  producto: p.productoId != null ? { id: p.productoId, nombre: p.producto ?? '' } : null,
  categoria: p.categoria ?? '',
  productos: p.productos.map((x) => ({ producto: { id: x.productoId, nombre: x.producto }, cantidad: String(x.cantidad) })),
  bajoCosto: p.bajoCosto,
  desde: p.desde ?? '',
  hasta: p.hasta ?? '',
  dias: p.dias,
  horaDesde: p.horaDesde ?? '',
  horaHasta: p.horaHasta ?? '',
  activa: p.activa,
});

const cuerpo = (b: Borrador): TPromocionRequest => ({
  nombre: b.nombre,
  tipo: b.tipo,
  lleve: b.lleve,
  pague: b.pague,
  precio: b.precio.replace(/\D/g, ''),
  porcentaje: b.porcentaje,
  valor: b.valor.replace(/\D/g, ''),
  minimo: b.minimo.replace(/\D/g, ''),
  productoId: b.producto?.id ?? null,
  categoria: b.categoria,
  productos: b.productos.map((x) => ({ productoId: x.producto.id, cantidad: x.cantidad })),
  bajoCosto: b.bajoCosto,
  desde: b.desde,
  hasta: b.hasta,
  dias: b.dias,
  horaDesde: b.horaDesde,
  horaHasta: b.horaHasta,
  activa: b.activa,
});

/** The form of a new promotion or of one being changed: the fields its kind needs, then when it holds. */
function FormPromocion({ editando, onListo }: { editando: TPromocion | null; onListo: () => void }) {
  const guardar = useGuardarPromocion();
  const eliminar = useEliminarPromocion();
  const [b, setB] = useState<Borrador>(editando ? deFila(editando) : vacio);
  const [errores, setErrores] = useState<Record<string, string>>({});
  const [comboNuevo, setComboNuevo] = useState<Producto | null>(null);
  useEffect(() => {
    setB(editando ? deFila(editando) : vacio);
    setErrores({});
  }, [editando]);
  const set = <K extends keyof Borrador>(k: K, v: Borrador[K]) => setB((x) => ({ ...x, [k]: v }));
  const num = (k: 'lleve' | 'pague' | 'porcentaje') => (e: { target: { value: string } }) => set(k, e.target.value.replace(/\D/g, ''));
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const r = await guardar.mutateAsync({ id: editando?.id ?? null, body: cuerpo(b) });
      toastSuccess(r.message);
      setErrores({});
      if (!editando) setB(vacio);
      onListo();
    } catch (err) {
      setErrores(fieldErrorsOf(err));
      alertFailure(err);
    }
  };
  const onEliminar = async () => {
    if (!editando || !(await confirmAction(P.confirmarEliminar(editando.nombre)))) return;
    try {
      toastSuccess((await eliminar.mutateAsync(editando.id)).message);
      onListo();
    } catch (err) {
      alertFailure(err);
    }
  };
  const t = b.tipo;
  return (
    <form className="card precios-form promos-form" onSubmit={onSubmit} noValidate aria-label={editando ? editando.nombre : P.nueva}>
      <h2>{editando ? `${P.editar}: ${editando.nombre}` : P.nueva}</h2>
      <Field label={F.nombre} value={b.nombre} maxLength={60} onChange={(e) => set('nombre', e.target.value)} error={errores.nombre} required />
      <SelectField label={F.tipo} value={t} onChange={(e) => set('tipo', e.target.value as TipoPromocion)} options={(Object.keys(P.tipos) as TipoPromocion[]).map((k) => ({ value: k, label: P.tipos[k] }))} />
      {t === 'nxm' || t === 'nxprecio' || t === 'porcentaje' ? <BuscarProducto label={F.producto} placeholder={P.buscarProducto} valor={b.producto} onElegir={(p) => set('producto', p)} error={errores.productoId} /> : null}
      {t === 'porcentaje' && !b.producto ? <Field label={F.categoria} value={b.categoria} maxLength={60} onChange={(e) => set('categoria', e.target.value)} /> : null}
      <div className="promos-fila">
        {t === 'nxm' || t === 'nxprecio' ? <Field label={F.lleve} inputMode="numeric" value={b.lleve} onChange={num('lleve')} error={errores.lleve} /> : null}
        {t === 'nxm' ? <Field label={F.pague} inputMode="numeric" value={b.pague} onChange={num('pague')} error={errores.pague} /> : null}
        {t === 'nxprecio' || t === 'combo' ? <Field label={F.precio} inputMode="numeric" value={b.precio} onChange={(e) => set('precio', e.target.value)} error={errores.precio} /> : null}
        {t === 'minimo' ? <Field label={F.minimo} inputMode="numeric" value={b.minimo} onChange={(e) => set('minimo', e.target.value)} error={errores.minimo} /> : null}
        {t === 'porcentaje' || t === 'minimo' ? <Field label={F.porcentaje} inputMode="numeric" value={b.porcentaje} onChange={num('porcentaje')} error={errores.porcentaje} /> : null}
        {t === 'minimo' && !b.porcentaje ? <Field label={F.valor} inputMode="numeric" value={b.valor} onChange={(e) => set('valor', e.target.value)} error={errores.valor} /> : null}
      </div>
      {t === 'combo' ? (
        <fieldset className="promos-combo">
          <legend>{F.productos}</legend>
          <ErrorCampo error={errores.productos} />
          {b.productos.map((x, i) => (
            <div key={x.producto.id} className="promos-combo__item">
              <span>{x.producto.nombre}</span>
              <Field
                label={F.cantidad}
                inputMode="numeric"
                value={x.cantidad}
                onChange={(e) => set('productos', b.productos.map((y, j) => (j === i ? { ...y, cantidad: e.target.value.replace(/\D/g, '') } : y)))}
              />
              <button type="button" className="btn btn--ghost" onClick={() => set('productos', b.productos.filter((_, j) => j !== i))}>
                {P.quitar}
              </button>
            </div>
          ))}
          <BuscarProducto label={P.agregarProducto} placeholder={P.buscarProducto} valor={comboNuevo} onElegir={setComboNuevo} />
          <button
            type="button"
            className="btn btn--ghost"
            disabled={!comboNuevo}
            onClick={() => {
              if (comboNuevo && !b.productos.some((x) => x.producto.id === comboNuevo.id)) set('productos', [...b.productos, { producto: comboNuevo, cantidad: '1' }]);
              setComboNuevo(null);
            }}
          >
            {P.agregarProducto}
          </button>
        </fieldset>
      ) : null}
      <fieldset className="promos-cuando">
        <legend>{F.dias}</legend>
        <div className="promos-dias">
          {P.diasCortos.map((d, i) => (
            <label key={d} className="promos-dia" title={P.dias[i]}>
              <input type="checkbox" checked={(b.dias & (1 << i)) !== 0} onChange={(e) => set('dias', e.target.checked ? b.dias | (1 << i) : b.dias & ~(1 << i))} aria-label={P.dias[i]} />
              {d}
            </label>
          ))}
        </div>
        <ErrorCampo error={errores.dias} />
        <div className="promos-fila">
          <Field label={F.desde} type="date" value={b.desde} onChange={(e) => set('desde', e.target.value)} error={errores.desde} />
          <Field label={F.hasta} type="date" value={b.hasta} onChange={(e) => set('hasta', e.target.value)} error={errores.hasta} />
          <Field label={F.horaDesde} type="time" value={b.horaDesde} onChange={(e) => set('horaDesde', e.target.value)} error={errores.horaDesde} />
          <Field label={F.horaHasta} type="time" value={b.horaHasta} onChange={(e) => set('horaHasta', e.target.value)} error={errores.horaHasta} />
        </div>
      </fieldset>
      <label className="promos-check">
        <input type="checkbox" checked={b.bajoCosto} onChange={(e) => set('bajoCosto', e.target.checked)} /> {F.bajoCosto}
      </label>
      <label className="promos-check">
        <input type="checkbox" checked={b.activa} onChange={(e) => set('activa', e.target.checked)} /> {F.activa}
      </label>
      <div className="precios-acciones">
        <button type="submit" className="btn" disabled={guardar.isPending}>
          {guardar.isPending ? P.guardando : editando ? P.guardar : P.crear}
        </button>
        {editando ? (
          <>
            <button type="button" className="btn btn--ghost" onClick={onListo}>
              {P.cancelar}
            </button>
            <button type="button" className="btn btn--danger" onClick={onEliminar} disabled={eliminar.isPending}>
              {P.eliminar}
            </button>
          </>
        ) : null}
      </div>
    </form>
  );
}

/** What a promotion gives, in a few words ("Lleve 3 pague 2 · Gaseosa"). */
function resumen(p: TPromocion): string {
  switch (p.tipo) {
    case 'nxm':
      return `${p.lleve}×${p.pague} · ${p.producto ?? ''}`;
    case 'nxprecio':
      return `${p.lleve} × ${formatPesos(p.precio ?? 0)} · ${p.producto ?? ''}`;
    case 'porcentaje':
      return `${p.porcentaje} % · ${p.producto ?? p.categoria ?? ''}`;
    case 'combo':
      return `${p.productos.map((x) => `${x.cantidad} ${x.producto}`).join(' + ')} · ${formatPesos(p.precio ?? 0)}`;
    case 'minimo':
      return `${p.porcentaje ? `${p.porcentaje} %` : formatPesos(p.valor ?? 0)} · ${F.minimo.toLowerCase().replace(' ($)', '')} ${formatPesos(p.minimo ?? 0)}`;
  }
}

/** /promociones (issue #59 point 2, ADR 052): the store's promotions; the owner makes and changes them. */
export default function PromocionesPage() {
  const puede = usePuedePromociones();
  const lista = usePromociones();
  const [editando, setEditando] = useState<TPromocion | null>(null);
  // The empresa's owner copies a promotion to its other stores (issue #59 point 1).
  const otras = useOtrasTiendas();
  const [copiando, setCopiando] = useState<TPromocion | null>(null);
  return (
    <>
      <PageHeader title={P.titulo} />
      <p className="precios-intro">{P.subtitulo}</p>
      {puede ? <FormPromocion editando={editando} onListo={() => setEditando(null)} /> : null}
      {copiando ? <CopiarATiendas key={copiando.id} recurso="promociones" id={copiando.id} nombre={copiando.nombre} onCerrar={() => setCopiando(null)} /> : null}
      {lista.isPending ? (
        <p role="status">{P.cargando}</p>
      ) : lista.isError ? (
        <p role="alert">{P.cargaFallida}</p>
      ) : lista.data.length === 0 ? (
        <p className="precios-vacio">{P.vacio}</p>
      ) : (
        <TablaDatos<TPromocion>
          caption={P.titulo}
          rows={lista.data}
          rowKey={(p) => p.id}
          busy={lista.isFetching}
          columns={[
            // Two columns, so a phone shows them whole: the promotion and what it gives; when and whether it is on.
            {
              header: P.columnas.nombre,
              cell: (p) => (
                <>
                  {puede ? (
                    <button type="button" className="promos-nombre" onClick={() => setEditando(p)}>
                      {p.nombre}
                    </button>
                  ) : (
                    p.nombre
                  )}
                  <small className="promos-resumen">{resumen(p)}</small>
                </>
              ),
            },
            {
              header: P.columnas.cuando,
              cell: (p) => (
                <>
                  {P.cuandoDe(p)}
                  <small className={p.activa ? 'promos-resumen' : 'promos-resumen promos-inactiva'}>{p.activa ? P.activa : P.inactiva}</small>
                </>
              ),
            },
          ]}
          acciones={
            otras.length
              ? [
                  {
                    cell: (p: TPromocion) => (
                      <button type="button" className="btn btn--ghost btn--sm" onClick={() => setCopiando(p)} aria-label={sucursales.copia.copiarA(p.nombre)}>
                        {sucursales.copia.copiar}
                      </button>
                    ),
                  },
                ]
              : []
          }
        />
      )}
    </>
  );
}
