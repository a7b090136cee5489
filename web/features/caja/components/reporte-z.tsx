import { caja } from '#shared/messages/caja';
import { formatPesos } from '#shared/money';
import { BILLETES, MONEDAS, type TReporteTurno } from '#shared/schemas/caja';
import { useFechas } from '../../../lib/fechas';
import { numeracion } from '#shared/messages/numeracion';
import { impuestos } from '#shared/messages/impuestos';
import { formatCentavos, TARIFAS } from '#shared/impuestos';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { caja, impuestos };

const pesos = (v: number | null) => (v == null ? M.caja.ocultoHastaCerrar : formatPesos(v));
const dif = (v: number | null) => (v == null ? '—' : <span className={v < 0 ? 'caja-dif--neg' : v > 0 ? 'caja-dif--pos' : undefined}>{formatPesos(v)}</span>);

/**
 * The Z report (cierre de caja): what the shift took per method, expected against counted, cash in
 * and out, annulled sales and credit. Printed on A4 by the browser (caja.css @media print).
 */
export function ReporteZ({ reporte: r }: { reporte: TReporteTurno }) {
  const t = r.turno;
  const fechas = useFechas();
  const efe = r.lineas.find((l) => l.metodoPagoId === 5);
  return (
    <article className="card caja-z" aria-labelledby="caja-z-title" data-testid="reporte-z">
      <header className="caja-z__head">
        <div>
          <h2 id="caja-z-title">
            {M.caja.tituloReporte} · {M.caja.turnoNumero(t.id)}
          </h2>
          <p className="caja-muted">{r.tienda}</p>
        </div>
        <span className={`badge ${t.cerradoEn ? 'badge--ok' : 'badge--warn'}`}>{t.cerradoEn ? M.caja.estadoCerrado : M.caja.estadoAbierto}</span>
      </header>
      <dl className="caja-z__meta">
        <div>
          <dt>{M.caja.cajero}</dt>
          <dd>{t.cajero}</dd>
        </div>
        <div>
          <dt>{M.caja.abiertaEn}</dt>
          <dd>{fechas.fechaHora(t.abiertoEn)}</dd>
        </div>
        <div>
          <dt>{M.caja.cerradaEn}</dt>
          <dd>{t.cerradoEn ? fechas.fechaHora(t.cerradoEn) : '—'}</dd>
        </div>
        {t.cerradoPor ? (
          <div>
            <dt>{M.caja.cerradaPor}</dt>
            <dd>{t.cerradoPor}</dd>
          </div>
        ) : null}
        <div>
          <dt>{M.caja.numeroVentas}</dt>
          <dd>{r.numeroVentas}</dd>
        </div>
        <div>
          <dt>{M.caja.primeraUltima}</dt>
          <dd>{r.primeraVenta == null ? '—' : `#${r.primeraVenta} – #${r.ultimaVenta}`}</dd>
        </div>
        {(r.numeracionDian ?? []).map((d) => (
          <div key={d.prefijo} data-testid={`z-dian-${d.prefijo}`}>
            <dt>{numeracion.zNumeracion}</dt>
            <dd>
              {numeracion.zRango(d.prefijo, d.desde, d.hasta)}
              {d.inhabilitados.length ? ` · ${numeracion.zInhabilitados}: ${d.inhabilitados.map((i) => `${d.prefijo}${i.numero} (${i.motivo})`).join(', ')}` : null}
            </dd>
          </div>
        ))}
      </dl>

      <div className="table-wrap">
        <table className="table caja-z__table">
          <caption className="visually-hidden">{M.caja.esperadoContadoCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{M.caja.metodo}</th>
              {r.verEsperado ? (
                <>
                  <th scope="col" className="num caja-z__detalle">
                    {M.caja.ventasCol}
                  </th>
                  <th scope="col" className="num caja-z__detalle">
                    {M.caja.abonosCol}
                  </th>
                </>
              ) : null}
              <th scope="col" className="num">
                {M.caja.esperado}
              </th>
              <th scope="col" className="num">
                {M.caja.contado}
              </th>
              <th scope="col" className="num">
                {M.caja.diferencia}
              </th>
            </tr>
          </thead>
          <tbody>
            {r.lineas.map((l) => (
              <tr key={l.metodoPagoId} data-testid={`linea-${l.metodoPagoId}`}>
                <th scope="row">{l.metodo}</th>
                {r.verEsperado ? (
                  <>
                    <td className="num caja-z__detalle" data-label={M.caja.ventasCol}>
                      {formatPesos(l.ventas)}
                    </td>
                    <td className="num caja-z__detalle" data-label={M.caja.abonosCol}>
                      {formatPesos(l.abonos)}
                    </td>
                  </>
                ) : null}
                <td className="num" data-label={M.caja.esperado} data-testid="esperado">
                  {pesos(l.esperado)}
                </td>
                <td className="num" data-label={M.caja.contado} data-testid="contado">
                  {l.contado == null ? '—' : formatPesos(l.contado)}
                </td>
                <td className="num" data-label={M.caja.diferencia} data-testid="diferencia">
                  {dif(l.diferencia)}
                </td>
              </tr>
            ))}
            <tr className="caja-z__total">
              <th scope="row">{M.caja.totales}</th>
              {r.verEsperado ? <td colSpan={2} className="caja-z__detalle" /> : null}
              <td className="num" data-label={M.caja.esperado}>
                {pesos(r.totalEsperado)}
              </td>
              <td className="num" data-label={M.caja.contado}>
                {r.totalContado == null ? '—' : formatPesos(r.totalContado)}
              </td>
              <td className="num" data-label={M.caja.diferencia}>
                {dif(r.totalDiferencia)}
              </td>
            </tr>
          </tbody>
        </table>
      </div>

      <div className="caja-z__cols">
        <section>
          <h3 className="caja-subtitle">{M.caja.efectivoDetalle}</h3>
          <dl className="caja-z__rows">
            <div>
              <dt>{M.caja.fondoInicial}</dt>
              <dd>{formatPesos(r.efectivo.fondoInicial)}</dd>
            </div>
            {r.verEsperado ? (
              <>
                <div>
                  <dt>{M.caja.ventasEfectivo}</dt>
                  <dd>{formatPesos(r.efectivo.ventas)}</dd>
                </div>
                <div>
                  <dt>{M.caja.abonosEfectivo}</dt>
                  <dd>{formatPesos(r.efectivo.abonos)}</dd>
                </div>
                {r.efectivo.devoluciones ? (
                  <div>
                    <dt>{M.caja.devolucionesEfectivo}</dt>
                    <dd data-testid="z-devoluciones">{formatPesos(-r.efectivo.devoluciones)}</dd>
                  </div>
                ) : null}
              </>
            ) : null}
            <div>
              <dt>{M.caja.entradas}</dt>
              <dd>{formatPesos(r.efectivo.entradas)}</dd>
            </div>
            <div>
              <dt>{M.caja.salidas}</dt>
              <dd>{formatPesos(-r.efectivo.salidas)}</dd>
            </div>
            <div className="caja-z__strong">
              <dt>{M.caja.esperado}</dt>
              <dd>{pesos(efe?.esperado ?? null)}</dd>
            </div>
          </dl>
        </section>
        <section>
          <h3 className="caja-subtitle">{M.caja.otros}</h3>
          <dl className="caja-z__rows">
            <div>
              <dt>{M.caja.fiadoLinea}</dt>
              <dd data-testid="fiado">{formatPesos(r.fiado)}</dd>
            </div>
            <div>
              <dt>{M.caja.anuladas}</dt>
              <dd data-testid="anuladas">
                {r.anuladas.cantidad} · {formatPesos(r.anuladas.monto)}
              </dd>
            </div>
          </dl>
          {r.denominaciones ? (
            <>
              <h3 className="caja-subtitle">{M.caja.porDenominacion}</h3>
              <ul className="caja-z__denoms">
                {[...BILLETES, ...MONEDAS].map((v) => {
                  const n = r.denominaciones!.billetes[String(v)] ?? r.denominaciones!.monedas?.[String(v)] ?? 0;
                  return n ? (
                    <li key={v}>
                      {n} × {formatPesos(v)} = {formatPesos(n * v)}
                    </li>
                  ) : null;
                })}
                {r.denominaciones.monedasTotal ? (
                  <li>
                    {M.caja.monedas}: {formatPesos(r.denominaciones.monedasTotal)}
                  </li>
                ) : null}
              </ul>
            </>
          ) : null}
          {r.impuestos?.length ? (
            <>
              <h3 className="caja-subtitle">{M.impuestos.recibo.impuestos}</h3>
              <dl className="caja-z__rows" data-testid="z-impuestos">
                {r.impuestos.flatMap((tarifa) => {
                  const nombre = M.impuestos.nombres[tarifa.impuesto];
                  const filas = [
                    <div key={`${tarifa.impuesto}-base`}>
                      <dt>{M.impuestos.recibo.base(nombre)}</dt>
                      <dd>{formatCentavos(tarifa.base)}</dd>
                    </div>,
                  ];
                  if (TARIFAS[tarifa.impuesto].reportado)
                    filas.push(
                      <div key={tarifa.impuesto}>
                        <dt>{nombre}</dt>
                        <dd>{formatCentavos(tarifa.valor)}</dd>
                      </div>,
                    );
                  return filas;
                })}
              </dl>
            </>
          ) : null}
        </section>
      </div>

      {r.movimientos.length ? (
        <section>
          <h3 className="caja-subtitle">{M.caja.movimientosTitulo}</h3>
          <ul className="caja-list">
            {r.movimientos.map((m) => (
              <li key={m.id}>
                <span className="caja-list__text">
                  {fechas.hora(m.fecha)} · {m.tipo === 'entrada' ? M.caja.entrada : M.caja.salida}: {m.motivo}
                </span>
                <strong className="caja-num">{formatPesos(m.tipo === 'entrada' ? m.monto : -m.monto)}</strong>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {t.cerradoEn && r.referenciasPendientes.length ? (
        <section>
          <h3 className="caja-subtitle">{M.caja.referenciasTitulo}</h3>
          <ul className="caja-list">
            {r.referenciasPendientes.map((p) => (
              <li key={p.ventaId}>
                <span className="caja-list__text">
                  {p.metodo} · {M.caja.ventaNumero(p.numero)} · {p.referencia ?? M.caja.sinReferencia}
                </span>
                <strong className="caja-num">{formatPesos(p.monto)}</strong>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {t.nota ? (
        <p className="caja-z__nota">
          <strong>{M.caja.nota}:</strong> {t.nota}
        </p>
      ) : null}
    </article>
  );
}
