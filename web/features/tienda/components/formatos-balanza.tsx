import { useId, useState, type FormEvent } from 'react';
import { etiquetaBalanza, largoValor, leerEtiquetaBalanza, type TFormatoBalanza } from '#shared/balanza';
import { formatCantidad } from '#shared/cantidad';
import { AppError, type FieldErrors } from '#shared/errors';
import { generic } from '#shared/messages/comun';
import { ajustesTienda } from '#shared/messages/tienda';
import { formatPesos } from '#shared/money';
import { MAX_FORMATOS_BALANZA, ZFormatosBalanza } from '#shared/schemas/tienda';
import { alertFailure, toastSuccess } from '../../../lib/alerts';
import { validate } from '../../../lib/form-errors';
import { useFormatosBalanza, useGuardarFormatosBalanza } from '../api/balanzas';
import './balanzas.css';
import { ErrorCampo } from '../../../components/ui/field';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { ajustesTienda, generic };

const B = M.ajustesTienda.balanzas;

const PREFIJOS = ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29'];

/** A new layout: the first prefix not yet used, the most common scale layout (5-digit item, weight in grams). */
const nuevoFormato = (usados: readonly TFormatoBalanza[]): TFormatoBalanza => ({
  prefijo: PREFIJOS.find((p) => !usados.some((f) => f.prefijo === p)) ?? '20',
  largoCodigo: 5,
  contenido: 'peso',
  decimales: 3,
  digitoPrecio: false,
});

/** A label of this layout and what the till reads in it: the owner checks it against one of their scale's labels. */
export function ejemploDe(f: TFormatoBalanza): { codigo: string; item: string; valor: string } | null {
  const lv = largoValor(f);
  const item = '1234'.padStart(f.largoCodigo, '0');
  let crudo = f.contenido === 'peso' ? Math.max(1, Math.round(375 / 10 ** (3 - f.decimales))) : 4_500 * 10 ** f.decimales;
  while (String(crudo).length > lv) crudo = Math.floor(crudo / 10);
  const codigo = etiquetaBalanza(f, item, crudo);
  const leida = leerEtiquetaBalanza(codigo, [f]);
  if (!leida) return null;
  return { codigo, item, valor: leida.tipo === 'peso' ? formatCantidad(leida.milesimas / 1000, 'KGM') : formatPesos(leida.pesos) };
}

/** Settings → *Balanzas con etiqueta* (issue #33 point 4): the layouts of the store's label scales; role 1 edits them. */
export function FormatosBalanza({ puede }: { puede: boolean }) {
  const consulta = useFormatosBalanza();
  if (!consulta.data) return <p className="state" role="status">{consulta.isError ? M.generic.errorText : null}</p>;
  return <FormatosForm inicial={consulta.data.formatos} puede={puede} />;
}

function FormatosForm({ inicial, puede }: { inicial: TFormatoBalanza[]; puede: boolean }) {
  const id = useId();
  const guardar = useGuardarFormatosBalanza();
  const [formatos, setFormatos] = useState<TFormatoBalanza[]>(inicial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const cambiar = (i: number, cambio: Partial<TFormatoBalanza>) => {
    // What the last save said no longer describes the list once it changes.
    setErrors({});
    setFormatos((fs) =>
      fs.map((f, j) => {
        if (j !== i) return f;
        const nuevo = { ...f, ...cambio };
        // The price check digit exists only for 4- or 5-digit values: a 6-digit item leaves three.
        return ![4, 5].includes(largoValor({ ...nuevo, digitoPrecio: true })) ? { ...nuevo, digitoPrecio: false } : nuevo;
      }),
    );
  };
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const r = validate(ZFormatosBalanza, { formatos });
    if (r.errors) return setErrors(r.errors);
    setErrors({});
    try {
      await guardar.mutateAsync(r.data);
      toastSuccess(B.guardados);
    } catch (err) {
      if (err instanceof AppError && err.fields) return setErrors(err.fields);
      await alertFailure(err);
    }
  };
  const general = Object.entries(errors).find(([k]) => !/^formatos\.\d+\.(prefijo|digitoPrecio)$/.test(k))?.[1];

  return (
    <form className="card balanzas" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`}>{B.titulo}</h2>
      <p className="balanzas__ayuda">{B.ayuda}</p>
      <ErrorCampo error={general} como="p" />
      {formatos.length === 0 ? <p className="balanzas__vacio">{B.ninguno}</p> : null}
      {formatos.map((f, i) => {
        const pre = `${id}-${i}`;
        const errPrefijo = errors[`formatos.${i}.prefijo`];
        const errDigito = errors[`formatos.${i}.digitoPrecio`];
        const sinDigito = ![4, 5].includes(largoValor({ ...f, digitoPrecio: true }));
        const ejemplo = ejemploDe(f);
        return (
          <fieldset key={i} className="balanzas__formato">
            <legend>{B.formato(i + 1)}</legend>
            <div className="balanzas__campos">
              <div className={`field${errPrefijo ? ' field--invalid' : ''}`}>
                <label htmlFor={`${pre}-prefijo`}>{B.prefijo}</label>
                <select
                  id={`${pre}-prefijo`}
                  value={f.prefijo}
                  disabled={!puede}
                  aria-invalid={errPrefijo ? true : undefined}
                  aria-describedby={errPrefijo ? `${pre}-prefijo-error` : undefined}
                  onChange={(e) => cambiar(i, { prefijo: e.target.value })}
                >
                  {PREFIJOS.map((p) => (
                    <option key={p} value={p}>
                      {p}
                    </option>
                  ))}
                </select>
                {errPrefijo ? (
                  <small id={`${pre}-prefijo-error`} className="field__error" role="alert">
                    {errPrefijo}
                  </small>
                ) : null}
              </div>
              <div className="field">
                <label htmlFor={`${pre}-largo`}>{B.largoCodigo}</label>
                <select id={`${pre}-largo`} value={f.largoCodigo} disabled={!puede} onChange={(e) => cambiar(i, { largoCodigo: Number(e.target.value) })}>
                  {[4, 5, 6].map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${pre}-contenido`}>{B.contenido}</label>
                <select id={`${pre}-contenido`} value={f.contenido} disabled={!puede} onChange={(e) => cambiar(i, { contenido: e.target.value as TFormatoBalanza['contenido'] })}>
                  <option value="peso">{B.peso}</option>
                  <option value="precio">{B.precio}</option>
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${pre}-decimales`}>{B.decimales}</label>
                <select id={`${pre}-decimales`} value={f.decimales} disabled={!puede} onChange={(e) => cambiar(i, { decimales: Number(e.target.value) })}>
                  {[0, 1, 2, 3].map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <div className={`field field--check${errDigito ? ' field--invalid' : ''}`}>
              <label>
                <input
                  type="checkbox"
                  checked={f.digitoPrecio}
                  disabled={!puede || sinDigito}
                  aria-describedby={`${pre}-digito-ayuda${errDigito ? ` ${pre}-digito-error` : ''}`}
                  onChange={(e) => cambiar(i, { digitoPrecio: e.target.checked })}
                />
                {B.digitoPrecio}
              </label>
              <small id={`${pre}-digito-ayuda`} className="field__hint">
                {B.digitoPrecioAyuda}
              </small>
              {errDigito ? (
                <small id={`${pre}-digito-error`} className="field__error" role="alert">
                  {errDigito}
                </small>
              ) : null}
            </div>
            {ejemplo ? (
              <p className="balanzas__ejemplo" data-testid={`balanza-ejemplo-${i + 1}`}>
                {B.ejemplo(ejemplo.codigo, ejemplo.item, ejemplo.valor)}
              </p>
            ) : null}
            {puede ? (
              <button type="button" className="btn btn--ghost btn--sm btn--danger-text" onClick={() => setFormatos((fs) => fs.filter((_, j) => j !== i))}>
                {B.quitar(i + 1)}
              </button>
            ) : null}
          </fieldset>
        );
      })}
      {puede ? (
        <div className="balanzas__acciones">
          <button type="button" className="btn btn--ghost" disabled={formatos.length >= MAX_FORMATOS_BALANZA} onClick={() => setFormatos((fs) => [...fs, nuevoFormato(fs)])}>
            {B.agregar}
          </button>
          <button type="submit" className="btn" disabled={guardar.isPending}>
            {B.guardar}
          </button>
        </div>
      ) : (
        <p>{B.soloAdministrador}</p>
      )}
    </form>
  );
}
