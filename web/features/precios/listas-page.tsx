import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { comun } from '#shared/messages/comun';
import { precios } from '#shared/messages/precios';
import type { TListaPrecio } from '#shared/schemas/listas-precios';
import { PageHeader } from '../../components/page-header';
import { Field } from '../../components/ui/field';
import { TablaDatos } from '../../components/ui/tabla-datos';
import { alertFailure, toastSuccess } from '../../lib/alerts';
import { useCrearLista, useListas } from './api/listas';
import { rutaLista, usePuedeListas } from './rutas';
import './precios.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, precios };
const C = M.precios.columnas;

function NuevaLista() {
  const navigate = useNavigate();
  const crear = useCrearLista();
  const [nombre, setNombre] = useState('');
  const [porcentaje, setPorcentaje] = useState('0');
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const res = await crear.mutateAsync({ nombre, porcentaje: Number(porcentaje || 0) });
      toastSuccess(res.message);
      navigate(rutaLista(res.lista.id));
    } catch (err) {
      alertFailure(err);
    }
  };
  return (
    <form className="card precios-form" onSubmit={onSubmit} noValidate>
      <h2>{M.precios.nueva}</h2>
      <Field label={M.precios.nombre} placeholder={M.precios.nombrePlaceholder} value={nombre} maxLength={60} onChange={(e) => setNombre(e.target.value)} required />
      <Field label={M.precios.porcentaje} hint={M.precios.porcentajeAyuda} inputMode="numeric" value={porcentaje} onChange={(e) => setPorcentaje(e.target.value.replace(/\D/g, ''))} />
      <button type="submit" className="btn" disabled={crear.isPending}>
        {crear.isPending ? M.precios.guardando : M.precios.crear}
      </button>
    </form>
  );
}

/** /listas_precios (issue #59 point 1): the store's price lists; the owner makes a new one. */
export default function ListasPage() {
  const puede = usePuedeListas();
  const listas = useListas();
  return (
    <>
      <PageHeader title={M.precios.titulo} />
      <p className="precios-intro">{M.precios.subtitulo}</p>
      {puede ? <NuevaLista /> : null}
      {listas.isPending ? (
        <p role="status">{M.precios.cargando}</p>
      ) : listas.isError ? (
        <p role="alert">{M.precios.cargaFallida}</p>
      ) : listas.data.length === 0 ? (
        <p className="precios-vacio">{M.precios.vacio}</p>
      ) : (
        <TablaDatos<TListaPrecio>
          caption={M.precios.titulo}
          rows={listas.data}
          rowKey={(l) => l.id}
          busy={listas.isFetching}
          columns={[
            { header: C.lista, cell: (l) => <Link to={rutaLista(l.id)}>{l.nombre}</Link> },
            { header: C.porcentaje, num: true, cell: (l) => M.precios.porcentajeDe(l.porcentaje) },
            { header: C.productos, num: true, cell: (l) => l.productos },
            { header: C.clientes, num: true, cell: (l) => l.clientes },
          ]}
        />
      )}
    </>
  );
}
