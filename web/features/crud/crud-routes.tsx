import { Fragment } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { CrudRegisterPage, CrudUpdatePage } from './components/form-page';
import { CrudListPage } from './components/list-page';
import { crudPath } from './crud-paths';
import { ENTITIES } from './entities';
import './crud.css';

/** An odd route of the spec: redirects, keeping the navigation state (the 'Operacion' message) and the query. */
function Alias({ to }: { to: string }) {
  const location = useLocation();
  return <Navigate to={{ pathname: crudPath(to), search: location.search }} state={location.state} replace />;
}

/**
 * The back-office (spec §2 'Administration area'), mounted at /crud/* for role 1. Paths match
 * regardless of case (React Router's default), so 'registrar_Movimiento' and 'registrar_movimiento',
 * 'registrar_rol' and 'registrar_Rol' reach the same form.
 */
export default function CrudRoutes() {
  return (
    <Routes>
      <Route index element={<Alias to="usuarios" />} />
      {ENTITIES.map((e) => (
        <Fragment key={e.key}>
          <Route path={e.routes.list} element={<CrudListPage key={e.key} config={e} />} />
          {(e.routes.listAliases ?? []).map((a) => (
            <Route key={a} path={a} element={<Alias to={e.routes.list} />} />
          ))}
          {/* A read-only area (the fiado ledger) has no forms: its list is its only route. */}
          {e.readOnly ? null : (
            <>
              <Route path={e.routes.register} element={<CrudRegisterPage key={e.key} config={e} />} />
              <Route path={e.routes.update} element={<CrudUpdatePage key={e.key} config={e} />} />
              {e.routes.update.endsWith('/:id') ? (
                <Route path={e.routes.update.replace('/:id', '')} element={<CrudUpdatePage key={e.key} config={e} />} />
              ) : null}
              {(e.routes.registerAliases ?? []).map((a) => (
                <Route key={a} path={a} element={<Alias to={e.routes.register} />} />
              ))}
            </>
          )}
        </Fragment>
      ))}
      {/* No dead ends: any other back-office path opens the users list. */}
      <Route path="*" element={<Alias to="usuarios" />} />
    </Routes>
  );
}
