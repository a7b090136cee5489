import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { AppError } from '#shared/errors';
import { generic } from '#shared/messages/comun';
import { crud } from '#shared/messages/crud';
import { alertSuccess } from '../../../lib/alerts';
import { NetworkError } from '../../../lib/api-client';
import { clearSession, useSession, type StoredSession } from '../../../lib/session';
import { useValidatedForm } from '../../../lib/use-validated-form';
import { paths } from '../../../config/paths';
import { useCreateRow } from '../api/create-row';
import { getRow, useCrudRow } from '../api/get-row';
import { useUpdateRow } from '../api/update-row';
import { crudPath, type CrudNavState } from '../crud-paths';
import type { EntityConfig, FieldDef, FormValues } from '../entities';
import { FormField } from './form-field';
import { alertOops } from './oops';
import { failureMessage } from './list-page';
import { TopBar } from './top-bar';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud, generic };

type Mode = 'create' | 'update';

/** Statuses that mean "fix the form": the person stays on it, with the reason. */
const FIXABLE = new Set([400, 409, 422]);

function visibleFields(config: EntityConfig, mode: Mode, isOperator: boolean): FieldDef[] {
  return config.fields.filter((f) => (!f.only || f.only === mode) && !(f.tienda === 'operator' && !isOperator));
}

interface Failure {
  title: string;
  detail?: string;
}

function Shell(props: { title: string; children: React.ReactNode }) {
  return (
    <div className="crud-shell">
      <TopBar />
      <main className="crud-main crud-main--form" id="contenido">
        <section className="card crud-form-card" aria-labelledby="crud-form-title">
          <h1 id="crud-form-title">{props.title}</h1>
          {props.children}
        </section>
      </main>
    </div>
  );
}

function Notice(props: { config: EntityConfig; title: string; text: string }) {
  return (
    <Shell title={props.title}>
      <p className="crud-note" role="status">
        {props.text}
      </p>
      <Link className="btn btn--ghost" to={crudPath(props.config.routes.list)}>
        {M.crud.volverA(props.config.listTitle.toLowerCase())}
      </Link>
    </Shell>
  );
}

/** Register form of an area (spec §2, §5): the shared zod schema checks it, with 'Oops...' popups. */
export function CrudRegisterPage({ config }: { config: EntityConfig }) {
  const session = useSession();
  if (!session) return null;
  const isOperator = session.id_Tienda == null;
  if (!isOperator && config.operatorOnly?.create)
    return <Notice config={config} title={config.registerTitle} text={config.key === 'tienda' ? M.crud.soloOperadorTiendas : M.crud.soloOperadorCatalogo} />;
  return (
    <Shell title={config.registerTitle}>
      <CrudForm config={config} mode="create" session={session} initial={config.emptyValues(session)} />
    </Shell>
  );
}

/** Update form: fed by the chosen row (navigation state), or by its id when opened afresh. */
export function CrudUpdatePage({ config }: { config: EntityConfig }) {
  const session = useSession();
  const location = useLocation();
  const params = useParams();
  const [search] = useSearchParams();
  const stateRow = ((location.state ?? null) as CrudNavState | null)?.row as Record<string, unknown> | undefined;
  const rawId = params.id ?? search.get('id');
  const id = rawId && /^\d+$/.test(rawId) ? Number(rawId) : stateRow ? config.rowId(stateRow) : null;
  const fetched = useCrudRow<Record<string, unknown>>(config.key, stateRow ? null : id);
  if (!session) return null;
  const isOperator = session.id_Tienda == null;
  if (!isOperator && config.operatorOnly?.update) return <Notice config={config} title={config.updateTitle} text={M.crud.soloOperadorCatalogo} />;
  if (id == null) return <Notice config={config} title={config.updateTitle} text={M.crud.sinRegistro} />;
  const row = stateRow ?? fetched.data;
  if (!row) {
    if (fetched.isError) return <Notice config={config} title={config.updateTitle} text={failureMessage(fetched.error)} />;
    return (
      <Shell title={config.updateTitle}>
        <p className="state" role="status">
          {M.crud.cargando}
        </p>
      </Shell>
    );
  }
  return (
    <Shell title={config.updateTitle}>
      <CrudForm key={id} config={config} mode="update" session={session} id={id} initial={config.toForm(row)} />
    </Shell>
  );
}

function CrudForm(props: { config: EntityConfig; mode: Mode; session: StoredSession; initial: FormValues; id?: number }) {
  const { config, mode, session } = props;
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Failure | null>(null);
  const create = useCreateRow(config.key);
  const update = useUpdateRow(config.key);
  const pending = create.isPending || update.isPending;
  const isOperator = session.id_Tienda == null;
  const fields = visibleFields(config, mode, isOperator);
  const listPath = crudPath(config.routes.list);

  const ownAccount =
    (config.key === 'tienda' && session.tipo === 'tienda' && props.id === session.id_Tienda) ||
    (config.key === 'usuarios' && session.tipo === 'empleado' && !!session.documento && props.initial.documento === session.documento);

  const readOnly = (f: FieldDef) => (mode === 'update' && !!f.readOnlyOnUpdate) || (f.tienda === 'always' && !isOperator);

  /**
   * After a conflict, what the form keeps without showing it (the product's stock it was opened
   * with) follows the row as it is now, so that saving again after reading the reason works.
   */
  const followRow = async () => {
    const fresh = await getRow<Record<string, unknown>>(config.key, props.id!).catch(() => null);
    if (!fresh) return;
    const shown = new Set(fields.map((f) => f.name));
    const hidden = Object.entries(config.toForm(fresh)).filter(([k]) => !shown.has(k));
    if (hidden.length) setValues((prev) => ({ ...prev, ...Object.fromEntries(hidden) }));
  };

  const { formRef, values, setValues, errors, onSubmit } = useValidatedForm<FormValues, unknown>({
    schema: mode === 'create' ? config.createSchema : config.updateSchema,
    initial: props.initial,
    before: () => {
      setFailure(null);
      return true;
    },
    onInvalid: (errors) => alertOops(Object.values(errors)[0] ?? M.generic.validation),
    submit: async (values) => {
      if (mode === 'create') {
        const r = await create.mutateAsync(values);
        await alertSuccess(M.crud.registroExitoso, M.crud.registroExitosoTexto, config.successButton ?? M.crud.aceptar);
        navigate(listPath, { state: { operacion: r.message } satisfies CrudNavState });
        return;
      }
      const r = await update.mutateAsync({ id: props.id!, body: values });
      if (values.contrasena && ownAccount) {
        // The server closed this session with the old password: sign in again.
        await alertSuccess(r.message || M.crud.actualizado[config.key], M.crud.contrasenaPropia);
        clearSession();
        navigate(paths.iniciarSesion, { replace: true });
        return;
      }
      navigate(crudPath(config.afterUpdate ?? config.routes.list), {
        state: { operacion: r.message || M.crud.actualizado[config.key] } satisfies CrudNavState,
      });
    },
    // The server's field errors are already under their fields.
    onFailure: async (err) => {
      if (mode === 'create') {
        if (err instanceof NetworkError) return setFailure({ title: config.registerFailure.network, detail: M.generic.connectionText });
        const reason = err instanceof AppError ? err.message : '';
        const title = config.registerFailure.refused ?? (reason || M.crud.errorDesconocido);
        return setFailure({ title, detail: config.registerFailure.refused ? reason || undefined : undefined });
      }
      if (err instanceof AppError && err.code === 'CONFLICT') await followRow();
      if (err instanceof AppError && FIXABLE.has(err.status)) return alertOops(err.message, M.crud.errorActualizar);
      // Spec §8: back to the list with 'Error al actualizar' (and why).
      navigate(listPath, { state: { operacion: `${M.crud.errorActualizar}: ${failureMessage(err)}` } satisfies CrudNavState });
    },
  });

  const cancelTo = crudPath(mode === 'create' ? (config.cancelRegister ?? config.routes.list) : config.routes.list);

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={mode === 'create' ? config.registerTitle : config.updateTitle}>
      <div className="form-grid">
        {fields.map((f) => (
          <FormField
            key={`${f.name}-${f.only ?? ''}`}
            field={f}
            value={values[f.name] ?? ''}
            error={errors[f.name]}
            readOnly={readOnly(f)}
            onChange={(v) => setValues((prev) => ({ ...prev, [f.name]: v }))}
          />
        ))}
      </div>
      {failure ? (
        <div className="crud-failure" role="alert">
          <p className="crud-failure__title">{failure.title}</p>
          {failure.detail ? <p className="crud-failure__detail">{failure.detail}</p> : null}
        </div>
      ) : null}
      <div className="crud-form-actions">
        <Link className="btn btn--ghost" to={cancelTo}>
          {M.crud.cancelar}
        </Link>
        <button type="submit" className="btn" disabled={pending}>
          {pending ? M.crud.guardando : mode === 'create' ? M.crud.registrar : M.crud.actualizar}
        </button>
      </div>
    </form>
  );
}
