import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { representacion } from '#shared/messages/representacion';
import { ROL } from '#shared/roles';
import type { TCopiaComprador } from '#shared/schemas/dian';
import { alertFailure, toastSuccess } from '../../lib/alerts';
import { api } from '../../lib/api-client';
import { descargarArchivo } from '../../lib/descargar';
import { useSession } from '../../lib/session';

// This screen's texts only.
const R = representacion;
const copiaKey = (ventaId: number) => ['facturas', 'copia', ventaId] as const;

function textoEstado(c: TCopiaComprador): string {
  const e = R.estadoCorreo;
  if (c.correoEstado === 'enviado') return e.enviado(c.correo ?? '');
  return e[c.correoEstado];
}

/**
 * The buyer's copy of an invoiced sale (issue #57 point 4), under its CUFE: once DIAN accepts the
 * invoice, its ZIP (the AttachedDocument and the PDF) and the PDF download for whoever sees the sale;
 * what became of the e-mail to the buyer, and for role 1 *Reenviar al correo*.
 */
export function CopiaComprador({ idVenta }: { idVenta: number }) {
  const sesion = useSession();
  const qc = useQueryClient();
  const query = useQuery({ queryKey: copiaKey(idVenta), queryFn: ({ signal }) => api<TCopiaComprador>(`/dian/ventas/${idVenta}/copia`, { signal }), retry: false });
  const reenviar = useMutation({
    mutationFn: () => api<TCopiaComprador>(`/dian/ventas/${idVenta}/reenviar`, { method: 'POST' }),
    onSuccess: (c) => {
      qc.setQueryData(copiaKey(idVenta), c);
      toastSuccess(R.reenviada(c.correo ?? ''));
    },
    onError: (err) => void alertFailure(err),
  });
  const c = query.data;
  if (!c) return null;
  const descargar = (formato: 'contenedor' | 'pdf') =>
    descargarArchivo(`/dian/ventas/${idVenta}/${formato}`, undefined, { fallo: R.noAceptada, nombre: `${c.numero}.${formato === 'pdf' ? 'pdf' : 'zip'}` }).catch((err: unknown) => alertFailure(err));
  return (
    <div className="factura-copia" data-testid="copia-comprador">
      <p className="factura-copia__estado" data-testid="copia-estado">
        {textoEstado(c)}
      </p>
      {c.aceptada ? (
        <div className="factura-copia__acciones">
          <button type="button" className="btn btn--ghost" onClick={() => void descargar('contenedor')}>
            {R.descargarZip}
          </button>
          <button type="button" className="btn btn--ghost" onClick={() => void descargar('pdf')}>
            {R.descargarPdf}
          </button>
          {sesion?.rol === ROL.ADMIN && c.correo ? (
            <button type="button" className="btn btn--ghost" disabled={reenviar.isPending} onClick={() => reenviar.mutate()}>
              {reenviar.isPending ? R.reenviando : R.reenviar}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
