import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { actividad } from '#shared/messages/actividad';
import { permisos } from '#shared/messages/permisos';
import { TIPOS_ACTIVIDAD, type TActividadQuery } from '#shared/schemas/actividad';
import { SelectField } from '../../components/ui/field';
import { FiltrosLista } from '../../components/ui/list-state';
import { RangoFechas, validarRango } from '../../components/ui/rango-fechas';
import { TablaFiltrada } from '../../components/ui/tabla-filtrada';
import { PageHeader } from '../../components/page-header';
import { alertFailure } from '../../lib/alerts';
import { useFechas } from '../../lib/fechas';
import { useListaPaginada } from '../../lib/use-lista-paginada';
import { actividadQuery, descargarActividadCsv, personasActividadQuery } from './api/get-actividad';
import './actividad.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { actividad, permisos };

const T = M.actividad;
const C = T.columnas;
const PAGE_SIZE = 25;
const TIPO_OPTIONS = [{ value: '', label: T.todos }, ...TIPOS_ACTIVIDAD.map((t) => ({ value: t, label: T.tipos[t] ?? t }))];
const tipoValido = (v: string) => ((TIPOS_ACTIVIDAD as readonly string[]).includes(v) ? (v as TActividadQuery['tipo']) : '');
const personaValida = (v: string) => (/^(tienda|\d{1,9})$/.test(v) ? v : '');

/** The store's activity log (issue #27 point 6), role 1: who did what, filtered and exported as CSV. */
export default function ActividadPage() {
  const fechas = useFechas();
  const lista = useListaPaginada({
    query: ({ persona, tipo, desde, hasta, page, pageSize }) => actividadQuery({ persona: personaValida(persona), tipo: tipoValido(tipo), desde, hasta, page, pageSize }),
    pageSize: PAGE_SIZE,
    filters: { persona: '', tipo: '', desde: '', hasta: '' },
    enabled: (p) => validarRango(p.desde, p.hasta, T).valido,
  });
  const { persona, tipo, desde, hasta } = lista.filtros;
  const rango = validarRango(desde, hasta, T);
  const personas = useQuery(personasActividadQuery());
  const personaOptions = [
    { value: '', label: T.todas },
    ...(personas.data ?? []).map((p) => ({ value: p.id == null ? 'tienda' : String(p.id), label: p.nombre })),
  ];
  const [exportando, setExportando] = useState(false);

  const exportar = async () => {
    setExportando(true);
    try {
      await descargarActividadCsv({ persona: personaValida(persona), tipo: tipoValido(tipo), desde, hasta });
    } catch (err) {
      void alertFailure(err, T.exportacionFallida);
    } finally {
      setExportando(false);
    }
  };

  return (
    <>
      <PageHeader title={T.titulo} className="actividad-header" />
      <p className="actividad-intro">{T.subtitulo}</p>

      <FiltrosLista
        label={T.filtrar}
        className="actividad-filtros"
        lista={lista}
        quitar={T.quitarFiltros}
        acciones={
          <button type="button" className="btn" onClick={() => void exportar()} disabled={exportando || !rango.valido}>
            {exportando ? T.exportando : T.exportar}
          </button>
        }
      >
        <SelectField label={T.persona} name="persona" options={personaOptions} value={personaValida(persona)} onChange={(e) => lista.setFiltros({ persona: e.target.value })} />
        <SelectField label={T.tipo} name="tipo" options={TIPO_OPTIONS} value={tipoValido(tipo)} onChange={(e) => lista.setFiltros({ tipo: e.target.value })} />
        <RangoFechas desde={desde} hasta={hasta} errores={rango} onChange={lista.setFiltros} />
      </FiltrosLista>

      <TablaFiltrada
        lista={lista}
        textos={T}
        clase="actividad"
        rowKey={(a) => a.id}
        rowClassName={(a) => (a.tipo === 'rechazo' ? 'actividad-rechazo' : '')}
        columns={[
          { header: C.fecha, className: 'actividad-c-fecha', cell: (a) => fechas.fechaMedia(a.fecha) },
          { header: C.persona, cell: (a) => a.persona },
          { header: C.rol, cell: (a) => M.permisos.rolNombre(a.rol) },
          { header: C.cara, cell: (a) => T.cara(a.cara) },
          { header: C.tipo, cell: (a) => T.tipos[a.tipo] ?? a.tipo },
          { header: C.descripcion, className: 'actividad-c-detalle', cell: (a) => a.descripcion },
        ]}
      />
    </>
  );
}
