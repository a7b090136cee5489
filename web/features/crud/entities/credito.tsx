import { crud } from '#shared/messages/crud';
import { formatPesos } from '#shared/money';
import type { TCreditoRow } from '#shared/schemas/crud';
import { fecha, hora, texto } from '../format';
import { defineReadOnlyEntity, titulosLista } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };

const T = M.crud.credito;

/**
 * The fiado ledger (issue #17), read-only: charges come from credit sales, abonos from the till,
 * reversals from annulled credit sales. The back-office lists them; nobody edits them here.
 */
export const credito = defineReadOnlyEntity<TCreditoRow>({
  key: 'credito',
  ...titulosLista(T),
  routes: { list: 'credito', listAliases: ['fiado'] },
  note: T.soloLectura,
  columns: [
    { header: T.columnas.id, cell: (r) => r.idCreditoMovimiento, num: true },
    { header: T.columnas.fecha, cell: (r) => fecha(r.fecha), num: true },
    // The same clock as the sales list (6:45 p. m.): the row's Bogotá time as an instant.
    { header: T.columnas.hora, cell: (r) => hora(`${r.fecha}T${r.hora}:00-05:00`), num: true },
    { header: T.columnas.tipo, cell: (r) => T.tipo[r.tipo] },
    { header: T.columnas.monto, cell: (r) => formatPesos(r.monto), num: true },
    {
      header: T.columnas.cliente,
      cell: (r) => (
        <>
          {r.clienteDocumento} <small className="crud-muted">{r.clienteNombre}</small>
        </>
      ),
    },
    // The receipt's number is the one people know (ADR 026, issue #52); the id stays beside it for an administrator.
    { header: T.columnas.ventaNumero, cell: (r) => texto(r.ventaNumero), num: true },
    { header: T.columnas.idVenta, cell: (r) => texto(r.idVenta), num: true },
    { header: T.columnas.metodoPago, cell: (r) => texto(r.metodoPago) },
    { header: T.columnas.usuario, cell: (r) => texto(r.usuario) },
    { header: T.columnas.idTurno, cell: (r) => texto(r.idTurno), num: true },
    { header: T.columnas.nota, cell: (r) => texto(r.nota) },
    { header: T.columnas.idTienda, cell: (r) => r.idTienda, num: true },
  ],
  rowId: (r) => r.idCreditoMovimiento,
  rowLabel: (r) => T.fila(r.idCreditoMovimiento),
});
