import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { comun } from '#shared/messages/comun';
import { conteos } from '#shared/messages/conteos';
import { ALCANCES, type TAlcanceConteo, type TConteoResumen } from '#shared/schemas/conteo';
import { PageHeader } from '../../components/page-header';
import { Field, SelectField } from '../../components/ui/field';
import { ListState } from '../../components/ui/list-state';
import { TablaDatos } from '../../components/ui/tabla-datos';
import { alertFailure, toastSuccess } from '../../lib/alerts';
import { useFechas } from '../../lib/fechas';
import { useListaPaginada } from '../../lib/use-lista-paginada';
import { conteosQuery, useAbrirConteo, useProveedorOpciones } from './api/conteos';
import { useEncargaConteos } from './permiso';
import { rutaConteo } from './rutas';
import './conteos.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, conteos };
const C = M.conteos.columnas;

/** What a count covers, in words. */
export const alcanceDe = (c: Pick<TConteoResumen, 'alcance' | 'categoria' | 'proveedor' | 'ubicacion'>) =>
  c.alcance === 'categoria'
    ? M.conteos.alcanceDe.categoria(c.categoria ?? '')
    : c.alcance === 'proveedor'
      ? M.conteos.alcanceDe.proveedor(c.proveedor ?? '—')
      : c.alcance === 'ubicacion'
        ? M.conteos.alcanceDe.ubicacion(c.ubicacion ?? '')
        : M.conteos.alcanceDe.tienda;

function AbrirConteo() {
  const navigate = useNavigate();
  const abrir = useAbrirConteo();
  const proveedores = useProveedorOpciones();
  const [alcance, setAlcance] = useState<TAlcanceConteo>('tienda');
  const [categoria, setCategoria] = useState('');
  const [proveedorId, setProveedorId] = useState('');
  const [ubicacion, setUbicacion] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (alcance === 'categoria' && !categoria.trim()) return setError(M.conteos.elijaCategoria);
    if (alcance === 'proveedor' && !proveedorId) return setError(M.conteos.elijaProveedor);
    if (alcance === 'ubicacion' && !ubicacion.trim()) return setError(M.conteos.elijaUbicacion);
    try {
      const res = await abrir.mutateAsync({
        alcance,
        ...(alcance === 'categoria' ? { categoria: categoria.trim() } : {}),
        ...(alcance === 'proveedor' ? { proveedorId: Number(proveedorId) } : {}),
        ...(alcance === 'ubicacion' ? { ubicacion: ubicacion.trim() } : {}),
      });
      toastSuccess(res.message);
      navigate(rutaConteo(res.conteo.id));
    } catch (err) {
      alertFailure(err);
    }
  };

  return (
    <form className="card conteo-abrir" onSubmit={onSubmit} noValidate>
      <h2>{M.conteos.nuevo}</h2>
      <SelectField
        label={M.conteos.alcance}
        value={alcance}
        onChange={(e) => {
          setAlcance(e.target.value as TAlcanceConteo);
          setError(null);
        }}
        options={ALCANCES.map((a) => ({ value: a, label: M.conteos.alcances[a]! }))}
      />
      {alcance === 'categoria' ? (
        <Field label={M.conteos.categoria} value={categoria} maxLength={60} onChange={(e) => setCategoria(e.target.value)} error={error ?? undefined} />
      ) : null}
      {alcance === 'proveedor' ? (
        <SelectField
          label={M.conteos.proveedor}
          value={proveedorId}
          onChange={(e) => setProveedorId(e.target.value)}
          error={error ?? undefined}
          options={[{ value: '', label: '—' }, ...(proveedores.data ?? []).map((p) => ({ value: String(p.id), label: p.nombre }))]}
        />
      ) : null}
      {alcance === 'ubicacion' ? (
        <Field label={M.conteos.ubicacion} placeholder={M.conteos.ubicacionPlaceholder} value={ubicacion} maxLength={40} onChange={(e) => setUbicacion(e.target.value)} error={error ?? undefined} />
      ) : null}
      <button type="submit" className="btn" disabled={abrir.isPending}>
        {abrir.isPending ? M.conteos.abriendo : M.conteos.abrir}
      </button>
    </form>
  );
}

/** /conteos (issue #58 point 1): the store's counts, newest first; managers open a new one. */
export default function ConteosPage() {
  const fechas = useFechas();
  const encarga = useEncargaConteos();
  const lista = useListaPaginada({ query: conteosQuery, pageSize: 20, filters: {} });
  return (
    <>
      <PageHeader title={M.conteos.titulo} />
      <p className="conteo-intro">{M.conteos.subtitulo}</p>
      {encarga ? <AbrirConteo /> : null}
      <ListState lista={lista} loading={M.comun.cargando} failed={M.conteos.cargaFallida} empty={M.conteos.vacio}>
        {(items) => (
          <TablaDatos<TConteoResumen>
            caption={M.conteos.titulo}
            rows={items}
            rowKey={(c) => c.id}
            busy={lista.query.isFetching}
            columns={[
              {
                header: C.numero,
                cell: (c) => <Link to={rutaConteo(c.id)}>{M.conteos.tituloConteo(c.id)}</Link>,
              },
              { header: C.alcance, cell: (c) => alcanceDe(c) },
              { header: C.estado, cell: (c) => <span className={`conteo-estado conteo-estado--${c.estado}`}>{M.conteos.estados[c.estado]}</span> },
              { header: C.abierto, cell: (c) => c.abiertoPor },
              { header: C.fecha, cell: (c) => fechas.fechaHora(c.abiertoEn) },
              { header: C.productos, num: true, cell: (c) => c.productos },
            ]}
          />
        )}
      </ListState>
    </>
  );
}
