import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatCantidad } from '#shared/cantidad';
import { comun, generic } from '#shared/messages/comun';
import { importacion } from '#shared/messages/importacion';
import { impuestos } from '#shared/messages/impuestos';
import { productos } from '#shared/messages/productos';
import { formatNumber, formatPesos } from '#shared/money';
import { CAMPOS_IMPORTACION, MUESTRA_IMPORTACION, type ColumnaMuestra, type TEntidadImportacion, type TFilaMuestra, type TMapeo, type TVistaPrevia } from '#shared/schemas/importacion';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { alertFailure, alertSuccess, confirmAction } from '../../lib/alerts';
import { descargarArchivo } from '../../lib/descargar';
import { useSession } from '../../lib/session';
import { aBase64, aplicarImportacion, vistaPreviaImportacion } from './api/importar';
import './importacion.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, generic, importacion, impuestos, productos };
const MI = M.importacion;

/** Where each import goes back to. */
const VOLVER: Record<TEntidadImportacion, string> = { productos: paths.gestionarProductos, clientes: paths.gestionarClientes, proveedores: paths.gestionarProveedores };

/** The last mapping is remembered per store and kind (on this device). */
const claveMapeo = (entidad: TEntidadImportacion, tiendaId: number | null | undefined) => `adax:importacion:${entidad}:${tiendaId ?? 0}`;
function mapeoGuardado(entidad: TEntidadImportacion, tiendaId: number | null | undefined): TMapeo | undefined {
  try {
    const v = localStorage.getItem(claveMapeo(entidad, tiendaId));
    return v ? (JSON.parse(v) as TMapeo) : undefined;
  } catch {
    return undefined;
  }
}

/** Columns aligned to the right. */
const NUMERICAS = new Set<ColumnaMuestra['forma']>(['pesos', 'numero', 'cantidad']);

type Estado = { paso: 'inicio' } | { paso: 'revisando' } | { paso: 'vista'; vista: TVistaPrevia } | { paso: 'aplicando'; vista: TVistaPrevia; hechas: number; total: number };

/** A value of the preview as the screens show it: pesos with dots, a quantity with its unit ("12,5 kg"), a tax or unit by its name. */
function mostrar(v: string | number | null | undefined, forma: ColumnaMuestra['forma'], unidad: string | null | undefined): string {
  if (v == null || v === '') return '';
  if (forma === 'pesos') return formatPesos(Number(v));
  if (forma === 'numero') return formatNumber(Number(v));
  if (forma === 'cantidad') return formatCantidad(Number(v), unidad);
  if (forma === 'impuesto') return (M.impuestos.nombres as Record<string, string>)[String(v)] ?? String(v);
  if (forma === 'unidad') return M.impuestos.unidades[String(v)] ?? String(v);
  return String(v);
}

/** A cell of the preview; one an import changes on an existing row is marked, with what it holds now. */
function CeldaMuestra({ f, campo, forma }: { f: TFilaMuestra; campo: ColumnaMuestra['campo'] | 'nombre'; forma: ColumnaMuestra['forma'] }) {
  const valor = mostrar(f[campo], forma, f.unidad);
  if (!f.cambios?.includes(campo)) return <>{valor}</>;
  // The old stock in the old unit.
  const antes = mostrar(f.antes?.[campo], forma, campo === 'stock' ? ((f.antes?.unidad as string | undefined) ?? f.unidad) : f.unidad) || MI.vacio;
  return (
    <>
      <mark className="imp-cambio" title={MI.antes(antes)}>
        {valor || MI.vacio}
      </mark>
      <small className="imp-antes">{MI.antes(antes)}</small>
    </>
  );
}

/**
 * /importar_productos, /importar_clientes, /importar_proveedores: a spreadsheet, its columns, a
 * preview with each row's errors, then the import with its progress.
 */
export default function ImportarPage({ entidad = 'productos' }: { entidad?: TEntidadImportacion }) {
  const ME = MI.entidades[entidad];
  const session = useSession();
  const qc = useQueryClient();
  const inputId = useId();
  const [archivo, setArchivo] = useState<{ nombre: string; base64: string } | null>(null);
  const [mapeo, setMapeo] = useState<TMapeo>({});
  const [estado, setEstado] = useState<Estado>({ paso: 'inicio' });
  const [paginando, setPaginando] = useState(false);

  const revisar = async (base64: string, pedido: TMapeo | undefined) => {
    setEstado({ paso: 'revisando' });
    try {
      let vista: TVistaPrevia;
      try {
        vista = await vistaPreviaImportacion(entidad, { archivo: base64, ...(pedido ? { mapeo: pedido } : {}) });
      } catch (err) {
        // A remembered mapping names columns this file does not have: the headers' guess instead.
        if (!pedido) throw err;
        vista = await vistaPreviaImportacion(entidad, { archivo: base64 });
      }
      setMapeo(vista.mapeo);
      setEstado({ paso: 'vista', vista });
    } catch (err) {
      setEstado({ paso: 'inicio' });
      await alertFailure(err);
    }
  };

  /** Another page of the same preview (issue #52 point 6): the file and mapping it was made with. */
  const irAPagina = async (actual: TVistaPrevia, pagina: number) => {
    if (!archivo) return;
    setPaginando(true);
    try {
      const vista = await vistaPreviaImportacion(entidad, { archivo: archivo.base64, mapeo: actual.mapeo, pagina, porPagina: actual.pagina.porPagina });
      setEstado({ paso: 'vista', vista });
    } catch (err) {
      await alertFailure(err);
    } finally {
      setPaginando(false);
    }
  };

  const descargarPlantilla = async (formato: 'csv' | 'xlsx') => {
    try {
      await descargarArchivo(`/importacion/${entidad}/plantilla/${formato}`, {}, { fallo: MI.plantillaFallo, nombre: `${MI.plantillaArchivo(entidad)}.${formato}` });
    } catch (err) {
      await alertFailure(err, MI.plantillaFallo);
    }
  };

  const onArchivo = async (file: File | undefined) => {
    if (!file) return;
    const base64 = await aBase64(file);
    setArchivo({ nombre: file.name, base64 });
    await revisar(base64, mapeoGuardado(entidad, session?.id_Tienda));
  };

  const vista = estado.paso === 'vista' || estado.paso === 'aplicando' ? estado.vista : null;
  const porAplicar = vista ? vista.resumen.nuevos + vista.resumen.actualizados : 0;

  const aplicar = async () => {
    if (!archivo || !vista || porAplicar === 0) return;
    if (!(await confirmAction(MI.confirmarTitulo, MI.confirmarTexto(porAplicar, vista.resumen.conError), MI.confirmar))) return;
    setEstado({ paso: 'aplicando', vista, hechas: 0, total: porAplicar });
    try {
      const resumen = await aplicarImportacion(entidad, { archivo: archivo.base64, mapeo }, (hechas, total) => setEstado({ paso: 'aplicando', vista, hechas, total }));
      localStorage.setItem(claveMapeo(entidad, session?.id_Tienda), JSON.stringify(mapeo));
      await qc.invalidateQueries();
      await alertSuccess(MI.listo, ME.listoTexto(resumen));
      await revisar(archivo.base64, mapeo);
    } catch (err) {
      setEstado({ paso: 'vista', vista });
      await alertFailure(err, MI.fallo);
    }
  };

  const ocupado = estado.paso === 'revisando' || estado.paso === 'aplicando' || paginando;
  // Every column that will be written: the kind's columns whose field the mapping carries.
  const columnas = vista ? MUESTRA_IMPORTACION[entidad].filter((c) => !c.mapeado || vista.mapeo[c.mapeado]) : [];

  return (
    <>
      <PageHeader title={ME.titulo} backTo={VOLVER[entidad]} backLabel={ME.volver} />
      <p className="imp-subtitulo">{ME.subtitulo}</p>

      <section className="card imp-archivo">
        <div className="field">
          <label htmlFor={inputId}>{MI.archivo}</label>
          <input id={inputId} type="file" accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" disabled={ocupado} onChange={(e) => void onArchivo(e.target.files?.[0])} />
        </div>
        {estado.paso === 'revisando' ? (
          <p className="state" role="status">
            {MI.revisando}
          </p>
        ) : null}
        <div className="imp-plantilla">
          <h2>{MI.plantillaTitulo}</h2>
          <p className="field__hint">{MI.plantillaAyuda}</p>
          <div className="imp-plantilla__botones">
            <button type="button" className="btn btn--ghost" onClick={() => void descargarPlantilla('xlsx')}>
              {MI.plantillaXlsx}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => void descargarPlantilla('csv')}>
              {MI.plantillaCsv}
            </button>
          </div>
        </div>
      </section>

      {vista ? (
        <>
          <section className="card imp-mapeo" aria-labelledby="imp-mapeo-titulo">
            <h2 id="imp-mapeo-titulo">{MI.mapeoTitulo}</h2>
            <p className="field__hint">{MI.mapeoAyuda}</p>
            <div className="imp-mapeo__grid">
              {CAMPOS_IMPORTACION[entidad].map((campo) => (
                <div className="field" key={campo}>
                  <label htmlFor={`imp-${campo}`}>{MI.campos[campo as keyof typeof MI.campos] ?? M.productos.campos[campo as keyof typeof M.productos.campos] ?? campo}</label>
                  <select id={`imp-${campo}`} value={mapeo[campo] ?? ''} disabled={ocupado} onChange={(e) => setMapeo({ ...mapeo, [campo]: e.target.value || null })}>
                    <option value="">{MI.sinColumna}</option>
                    {vista.columnas.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
            </div>
            <button type="button" className="btn btn--ghost" disabled={ocupado || !archivo} onClick={() => archivo && void revisar(archivo.base64, mapeo)}>
              {MI.actualizarVista}
            </button>
          </section>

          <section className="card imp-vista" aria-labelledby="imp-vista-titulo">
            <h2 id="imp-vista-titulo">{MI.vistaPreviaTitulo}</h2>
            <p role="status">{MI.resumen(vista.resumen)}</p>

            <h3>{MI.erroresTitulo}</h3>
            {vista.errores.length === 0 ? (
              <p>{MI.sinErrores}</p>
            ) : (
              <div className="table-wrap">
                <table className="table" aria-label={MI.erroresTitulo}>
                  <thead>
                    <tr>
                      <th scope="col">{MI.columnas.fila}</th>
                      <th scope="col">{MI.columnas.detalle}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {vista.errores.map((e) => (
                      <tr key={e.fila}>
                        <td className="num">{e.fila}</td>
                        <td>{e.mensajes.join(' ')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {vista.resumen.conError > vista.errores.length ? <p>{MI.masErrores(vista.resumen.conError - vista.errores.length)}</p> : null}

            <h3>{MI.muestraTitulo}</h3>
            <p className="field__hint">{MI.muestraAyuda}</p>
            <div className="table-wrap">
              <table className="table imp-muestra" aria-label={MI.muestraTitulo} aria-busy={paginando}>
                <thead>
                  <tr>
                    <th scope="col">{MI.columnas.fila}</th>
                    <th scope="col">{MI.columnas.accion}</th>
                    <th scope="col">{MI.columnas.nombre}</th>
                    {columnas.map((c) => (
                      <th scope="col" key={c.campo} className={NUMERICAS.has(c.forma) ? 'num' : undefined}>
                        {MI.columnas[c.campo]}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {vista.muestra.map((f) => (
                    <tr key={f.fila}>
                      <td className="num">{f.fila}</td>
                      <td>
                        <span className={`badge${f.accion === 'error' ? ' badge--danger' : f.accion === 'igual' ? '' : ' badge--ok'}`}>{MI.acciones[f.accion]}</span>
                      </td>
                      <td className="imp-texto">
                        <CeldaMuestra f={f} campo="nombre" forma="texto" />
                      </td>
                      {columnas.map((c) => (
                        <td key={c.campo} className={NUMERICAS.has(c.forma) ? 'num' : c.forma === 'texto' && c.campo !== 'codigoBarras' ? 'imp-texto' : undefined}>
                          <CeldaMuestra f={f} campo={c.campo} forma={c.forma} />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {vista.pagina.paginas > 1 ? (
              <nav className="imp-paginas" aria-label={MI.paginacion}>
                <button type="button" className="btn btn--ghost" disabled={ocupado || vista.pagina.numero <= 1} onClick={() => void irAPagina(vista, vista.pagina.numero - 1)}>
                  {MI.paginaAnterior}
                </button>
                <span aria-live="polite">
                  {MI.paginas(vista.pagina.numero, vista.pagina.paginas, vista.resumen.total)}
                </span>
                <button type="button" className="btn btn--ghost" disabled={ocupado || vista.pagina.numero >= vista.pagina.paginas} onClick={() => void irAPagina(vista, vista.pagina.numero + 1)}>
                  {MI.paginaSiguiente}
                </button>
              </nav>
            ) : null}

            {estado.paso === 'aplicando' ? (
              <div className="imp-progreso">
                <progress max={estado.total} value={estado.hechas} aria-label={MI.progresoEtiqueta} />
                <span>{`${MI.aplicando} ${MI.progreso(estado.hechas, estado.total)}`}</span>
              </div>
            ) : null}
            <div className="imp-acciones">
              {porAplicar === 0 ? <p>{MI.nadaQueAplicar}</p> : null}
              <button type="button" className="btn" disabled={ocupado || porAplicar === 0} onClick={() => void aplicar()}>
                {MI.aplicar(porAplicar)}
              </button>
            </div>
          </section>
        </>
      ) : null}
    </>
  );
}
