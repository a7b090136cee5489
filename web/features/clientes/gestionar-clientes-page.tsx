import { useState } from 'react';
import { Link } from 'react-router';
import { clientes } from '#shared/messages/clientes';
import { comun } from '#shared/messages/comun';
import { importacion } from '#shared/messages/importacion';
import { fiado } from '#shared/messages/fiado';
import { puntos } from '#shared/messages/puntos';
import { roles } from '#shared/messages/roles';
import { formatPesos } from '#shared/money';
import { ROL, TIPOS_DOC } from '#shared/roles';
import type { TCliente } from '#shared/schemas/cliente';
import { ListaBuscable } from '../../components/ui/list-state';
import { TablaDatos } from '../../components/ui/tabla-datos';
import { paths } from '../../config/paths';
import { alertFailure, alertWarning, confirmAction, toastSuccess } from '../../lib/alerts';
import { useTrasRender } from '../../lib/use-tras-render';
import { useMisPermisos } from '../../lib/mis-permisos';
import { useSession } from '../../lib/session';
import { useListaPaginada } from '../../lib/use-lista-paginada';
import { useArchivarCliente, useDeleteCliente, useUnirCliente } from './api/delete-cliente';
import { clientesQuery } from './api/get-clientes';
import { PuntosCliente } from './components/puntos-cliente';
import { ClienteForm } from './components/cliente-form';
import { EnlacesGestion } from '../../components/enlaces-gestion';
import { PageHeader } from '../../components/page-header';
import { ExportarLista } from '../../components/exportar-lista';
import { MarcaRepetido } from '../../components/unir-repetido';
import './clientes.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { clientes, comun, fiado, roles, importacion, puntos };

const PAGE_SIZE = 20;
const tipoLabel = (v: string) => TIPOS_DOC.find((t) => t.value === v)?.label ?? v;

/** /gestionar_clientes: the store's clients with search, register, update and delete. */
export default function GestionarClientesPage() {
  const session = useSession();
  const lista = useListaPaginada({ query: clientesQuery, pageSize: PAGE_SIZE, debounceMs: 300 });
  const [editing, setEditing] = useState<TCliente | null>(null);
  const del = useDeleteCliente();
  const archivar = useArchivarCliente();
  const unir = useUnirCliente();
  // Issue #27: whoever may not delete (the owner's *Permisos*) sees no delete or archive button; role 3
  // keeps them and is told 'Acción no permitida' (spec §6), as the server answers.
  const permisos = useMisPermisos();
  const tras = useTrasRender();
  const muestraEliminar = permisos.eliminarClientesProveedores || session?.rol === ROL.ENCARGADO;

  const startEdit = (c: TCliente) => {
    setEditing(c);
    // On a phone the form is above the list: bring it into view, and the keyboard with it.
    tras(() => {
      const form = document.querySelector<HTMLFormElement>('.gcl-form');
      form?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      form?.querySelector<HTMLElement>('select, input')?.focus({ preventScroll: true });
    });
  };

  const onDelete = async (c: TCliente) => {
    if (session?.rol === ROL.ENCARGADO) return void alertWarning(M.roles.denyClientesTitle, M.roles.denyClientesText);
    const nombre = `${c.nombre} ${c.apellido}`;
    if (!(await confirmAction(M.clientes.eliminarTitulo, M.clientes.eliminarTexto(nombre), M.clientes.eliminarBoton))) return;
    try {
      await del.mutateAsync(c.id);
      if (editing?.id === c.id) setEditing(null);
      toastSuccess(M.clientes.eliminado);
    } catch (err) {
      await alertFailure(err, M.clientes.eliminarFallido);
    }
  };

  /** A customer with credit history is archived instead of deleted (issue #27), once its balance is $ 0. */
  const onArchivar = async (c: TCliente) => {
    if (session?.rol === ROL.ENCARGADO) return void alertWarning(M.roles.denyClientesTitle, M.roles.denyClientesText);
    const nombre = `${c.nombre} ${c.apellido}`;
    if (!(await confirmAction(M.clientes.archivarTitulo, M.clientes.archivarTexto(nombre), M.clientes.archivarBoton))) return;
    try {
      await archivar.mutateAsync(c.id);
      if (editing?.id === c.id) setEditing(null);
      toastSuccess(M.clientes.archivado);
    } catch (err) {
      await alertFailure(err, M.clientes.archivarFallido);
    }
  };

  return (
    <>
      <PageHeader title={M.clientes.titulo} className="gcl-header" titleClassName="gcl-header__title">
        <EnlacesGestion desde="clientes" />
        <Link className="btn btn--ghost" to={paths.importarClientes}>
          {M.importacion.botonClientes}
        </Link>
        <ExportarLista ruta="/clientes/exportar" query={{ q: lista.q }} />
        {/* The store's loyalty points' settings (issue #59 point 3), role 1's. */}
        {session?.rol === ROL.ADMIN ? (
          <Link className="btn btn--ghost" to={paths.puntos}>
            {M.puntos.desdeClientes}
          </Link>
        ) : null}
      </PageHeader>
      <p className="gcl-welcome">{M.clientes.bienvenida}</p>

      <div className="gcl-layout">
        <ListaBuscable className="gcl-list" tituloId="lista-clientes-title" buscarId="buscar-cliente" textos={M.clientes} lista={lista}>
          {(items) => (
            <TablaDatos
              caption={M.clientes.tabla}
              className="gcl-table"
              rows={items}
              rowKey={(c) => c.id}
              rowClassName={(c) => (editing?.id === c.id ? 'gcl-row--editing' : undefined)}
              busy={lista.query.isFetching}
              columns={[
                {
                  header: M.clientes.campos.documento,
                  className: 'gcl-doc',
                  // Two customers of the empresa with one documento (issue #56, migration 0090): flagged to correct one.
                  cell: (c) =>
                    c.documentoRepetido ? (
                      <>
                        {c.documento}{' '}
                        {/* The owner or the store's administrator merges the two (ADR 067). */}
                        <MarcaRepetido
                          etiqueta={M.fiado.documentoRepetido}
                          ayuda={M.fiado.documentoRepetidoAyuda}
                          clases={{ marca: 'gcl-repetido', boton: 'gcl-unir' }}
                          textos={M.clientes.unir}
                          nombre={`${c.nombre} ${c.apellido}`}
                          documento={`${M.fiado.documentoRepetido} ${c.documento}`}
                          unir={() => unir.mutateAsync(c)}
                          alUnir={() => setEditing(null)}
                        />
                      </>
                    ) : (
                      c.documento
                    ),
                },
                { header: M.clientes.campos.tipo, className: 'gcl-tipo', cell: (c) => <abbr title={tipoLabel(c.tipoDocumento)}>{c.tipoDocumento}</abbr> },
                { header: M.clientes.campos.nombre, className: 'gcl-nombre', cell: (c) => c.nombre },
                { header: M.clientes.campos.apellido, className: 'gcl-apellido', cell: (c) => c.apellido },
                {
                  header: M.clientes.campos.correo,
                  className: 'gcl-cell-email',
                  cellProps: (c) => ({ className: c.correo ? undefined : 'gcl-cell-email--empty' }),
                  cell: (c) => (c.correo ? <a href={`mailto:${c.correo}`} title={c.correo}>{c.correo}</a> : <span className="gcl-muted">—</span>),
                },
                {
                  header: M.clientes.campos.fiado,
                  className: 'gcl-credito',
                  // No credit and nothing owed: an empty cell, left out of the phone's card.
                  cellProps: (c) => ({ className: !c.credito || (!c.credito.fiado && c.credito.saldo === 0) ? 'gcl-credito--vacio' : undefined }),
                  cell: (c) => <Credito c={c} />,
                },
              ]}
              acciones={[
                {
                  className: 'gcl-cell-actions',
                  cell: (c) => (
                    <>
                      <button type="button" className="btn btn--ghost btn--sm" onClick={() => startEdit(c)} aria-label={M.comun.modificarNombre(`${c.nombre} ${c.apellido}`)}>
                        {M.comun.modificar}
                      </button>
                      {muestraEliminar ? (
                        <>
                          <button type="button" className="btn btn--ghost btn--sm gcl-danger" onClick={() => onDelete(c)} aria-label={M.comun.eliminarNombre(`${c.nombre} ${c.apellido}`)}>
                            {M.comun.eliminar}
                          </button>
                          <button type="button" className="btn btn--ghost btn--sm" onClick={() => onArchivar(c)} aria-label={M.clientes.archivarNombre(`${c.nombre} ${c.apellido}`)}>
                            {M.clientes.archivar}
                          </button>
                        </>
                      ) : null}
                    </>
                  ),
                },
              ]}
            />
          )}
        </ListaBuscable>

        <aside className="gcl-aside">
          <ClienteForm key={editing?.id ?? 'nuevo'} editing={editing} onDone={() => setEditing(null)} />
          {editing ? <PuntosCliente clienteId={editing.id} /> : null}
        </aside>
      </div>
    </>
  );
}

/** A client's credit at a glance: balance, limit, available and the age of the oldest debt (issue #17). */
function Credito({ c }: { c: TCliente }) {
  const k = c.credito;
  if (!k || (!k.fiado && k.saldo === 0)) return <span className="gcl-muted">—</span>;
  return (
    <>
      <strong>{M.fiado.debe(formatPesos(k.saldo))}</strong>
      {k.fiado ? (
        <span className="gcl-credito__linea">
          {M.fiado.disponible} <span className="gcl-nowrap">{formatPesos(k.disponible)}</span> {M.fiado.disponibleDe} <span className="gcl-nowrap">{formatPesos(k.cupo)}</span>
        </span>
      ) : (
        <span className="gcl-muted">{M.fiado.fiadoNoHabilitado}</span>
      )}
      {k.antiguedadDias != null ? <span className="gcl-muted gcl-credito__linea">{M.fiado.deuda(M.fiado.antiguedad(k.antiguedadDias))}</span> : null}
      <Link to={`${paths.estadoCuenta}?cliente=${c.id}`} aria-label={M.fiado.cuentaDe(`${c.nombre} ${c.apellido}`)}>
        {M.fiado.cuentaTitulo}
      </Link>
    </>
  );
}
