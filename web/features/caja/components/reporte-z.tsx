import type { ReactNode } from 'react';
import { caja } from '#shared/messages/caja';
import { formatPesos } from '#shared/money';
import { BILLETES, MONEDAS, type TReporteTurno } from '#shared/schemas/caja';
import { useFechas } from '../../../lib/fechas';
import { Cabeceras, numerica, type Cabecera } from '../../../components/ui/cabeceras';
import { numeracion } from '#shared/messages/numeracion';
import { impuestos } from '#shared/messages/impuestos';
import { formatCentavos, TARIFAS } from '#shared/impuestos';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { caja, impuestos };

const pesos = (v: number | null) => (v == null ? M.caja.ocultoHastaCerrar : formatPesos(v));
const dif = (v: number | null) => (v == null ? '—' : <span className={v < 0 ? 'caja-dif--neg' : v > 0 ? 'caja-dif--pos' : undefined}>{formatPesos(v)}</span>);

/** The sales and abonos columns, shown with the expected amounts (the printed report leaves them out). */
const detalle = (texto: string): Cabecera => ({ texto, className: 'num caja-z__detalle' });

/** One term of a description list and its value. */
function Fila({ t, testId, className, children }: { t: ReactNode; testId?: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt>{t}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** A row's expected, counted and difference cells (their test ids on a method's row, not on the totals). */
function Cuadre(p: { esperado: number | null; contado: number | null; diferencia: number | null; conTestId?: boolean }) {
  const id = (v: string) => (p.conTestId ? v : undefined);
  return (
    <>
      <td className="num" data-label={M.caja.esperado} data-testid={id('esperado')}>
        {pesos(p.esperado)}
      </td>
      <td className="num" data-label={M.caja.contado} data-testid={id('contado')}>
        {p.contado == null ? '—' : formatPesos(p.contado)}
      </td>
      <td className="num" data-label={M.caja.diferencia} data-testid={id('diferencia')}>
        {dif(p.diferencia)}
      </td>
    </>
  );
}

/** A titled list of lines, each a text and its amount; nothing when there are none. */
function ListaMontos({ titulo, filas }: { titulo: string; filas: { key: number; texto: string; monto: number }[] }) {
  if (!filas.length) return null;
  return (
    <section>
      <h3 className="caja-subtitle">{titulo}</h3>
      <ul className="caja-list">
        {filas.map((f) => (
          <li key={f.key}>
            <span className="caja-list__text">{f.texto}</span>
            <strong className="caja-num">{formatPesos(f.monto)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}

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
        <Fila t={M.caja.cajero}>{t.cajero}</Fila>
        <Fila t={M.caja.abiertaEn}>{fechas.fechaHora(t.abiertoEn)}</Fila>
        <Fila t={M.caja.cerradaEn}>{t.cerradoEn ? fechas.fechaHora(t.cerradoEn) : '—'}</Fila>
        {t.cerradoPor ? (
          <Fila t={M.caja.cerradaPor}>{t.cerradoPor}</Fila>
        ) : null}
        <Fila t={M.caja.numeroVentas}>{r.numeroVentas}</Fila>
        <Fila t={M.caja.primeraUltima}>{r.primeraVenta == null ? '—' : `#${r.primeraVenta} – #${r.ultimaVenta}`}</Fila>
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
          <Cabeceras columnas={[M.caja.metodo, r.verEsperado && detalle(M.caja.ventasCol), r.verEsperado && detalle(M.caja.abonosCol), numerica(M.caja.esperado), numerica(M.caja.contado), numerica(M.caja.diferencia)]} />
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
                <Cuadre esperado={l.esperado} contado={l.contado} diferencia={l.diferencia} conTestId />
              </tr>
            ))}
            <tr className="caja-z__total">
              <th scope="row">{M.caja.totales}</th>
              {r.verEsperado ? <td colSpan={2} className="caja-z__detalle" /> : null}
              <Cuadre esperado={r.totalEsperado} contado={r.totalContado} diferencia={r.totalDiferencia} />
            </tr>
          </tbody>
        </table>
      </div>

      <div className="caja-z__cols">
        <section>
          <h3 className="caja-subtitle">{M.caja.efectivoDetalle}</h3>
          <dl className="caja-z__rows">
            <Fila t={M.caja.fondoInicial}>{formatPesos(r.efectivo.fondoInicial)}</Fila>
            {r.verEsperado ? (
              <>
                <Fila t={M.caja.ventasEfectivo}>{formatPesos(r.efectivo.ventas)}</Fila>
                <Fila t={M.caja.abonosEfectivo}>{formatPesos(r.efectivo.abonos)}</Fila>
                {r.efectivo.devoluciones ? (
                  <Fila t={M.caja.devolucionesEfectivo} testId="z-devoluciones">{formatPesos(-r.efectivo.devoluciones)}</Fila>
                ) : null}
              </>
            ) : null}
            <Fila t={M.caja.entradas}>{formatPesos(r.efectivo.entradas)}</Fila>
            <Fila t={M.caja.salidas}>{formatPesos(-r.efectivo.salidas)}</Fila>
            <Fila t={M.caja.esperado} className="caja-z__strong">{pesos(efe?.esperado ?? null)}</Fila>
          </dl>
        </section>
        <section>
          <h3 className="caja-subtitle">{M.caja.otros}</h3>
          <dl className="caja-z__rows">
            <Fila t={M.caja.fiadoLinea} testId="fiado">{formatPesos(r.fiado)}</Fila>
            <Fila t={M.caja.anuladas} testId="anuladas">
              {r.anuladas.cantidad} · {formatPesos(r.anuladas.monto)}
            </Fila>
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
                    <Fila key={`${tarifa.impuesto}-base`} t={M.impuestos.recibo.base(nombre)}>
                      {formatCentavos(tarifa.base)}
                    </Fila>,
                  ];
                  if (TARIFAS[tarifa.impuesto].reportado)
                    filas.push(
                      <Fila key={tarifa.impuesto} t={nombre}>
                        {formatCentavos(tarifa.valor)}
                      </Fila>,
                    );
                  return filas;
                })}
              </dl>
            </>
          ) : null}
        </section>
      </div>

      <ListaMontos
        titulo={M.caja.movimientosTitulo}
        filas={r.movimientos.map((m) => ({
          key: m.id,
          texto: `${fechas.hora(m.fecha)} · ${m.tipo === 'entrada' ? M.caja.entrada : M.caja.salida}: ${m.motivo}`,
          monto: m.tipo === 'entrada' ? m.monto : -m.monto,
        }))}
      />
      {t.cerradoEn ? (
        <ListaMontos
          titulo={M.caja.referenciasTitulo}
          filas={r.referenciasPendientes.map((p) => ({
            key: p.ventaId,
            texto: `${p.metodo} · ${M.caja.ventaNumero(p.numero)} · ${p.referencia ?? M.caja.sinReferencia}`,
            monto: p.monto,
          }))}
        />
      ) : null}
      {t.nota ? (
        <p className="caja-z__nota">
          <strong>{M.caja.nota}:</strong> {t.nota}
        </p>
      ) : null}
    </article>
  );
}
