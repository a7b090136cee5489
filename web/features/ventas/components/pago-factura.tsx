import { useState } from 'react';
import { AppError } from '#shared/errors';
import { digitoVerificacion } from '#shared/impuestos';
import { facturaElectronica as FE } from '#shared/messages/factura-electronica';
import { RESPONSABILIDADES_RUT, TIPOS_DOCUMENTO_FACTURA, ZAdquirente, type TAdquirente, type TAdquirenteRequest } from '#shared/schemas/factura-electronica';
import { ErrorCampo, Field, SelectField } from '../../../components/ui/field';
import { datosFiscalesDe } from '../api/factura-electronica';

/** The buyer form's state: what the cashier typed (strings as typed) and whether it is on. */
export interface FormFactura {
  activa: boolean;
  tipoPersona: '1' | '2';
  tipoDocumento: (typeof TIPOS_DOCUMENTO_FACTURA)[number];
  numero: string;
  dv: string;
  nombre: string;
  email: string;
  responsabilidades: string[];
  responsableIva: boolean;
  /** The number belongs to a customer of the store: the sale names them and remembers the data. */
  cliente: boolean;
}

export const FACTURA_VACIA: FormFactura = {
  activa: false,
  tipoPersona: '1',
  tipoDocumento: '31',
  numero: '',
  dv: '',
  nombre: '',
  email: '',
  responsabilidades: ['R-99-PN'],
  responsableIva: false,
  cliente: false,
};

/** The NIT's check digit as the cashier types (null: not a NIT, or not digits yet). */
export const dvCalculado = (f: Pick<FormFactura, 'tipoDocumento' | 'numero'>) => {
  const n = f.numero.replace(/[.\s-]/g, '');
  return f.tipoDocumento === '31' && /^\d{3,15}$/.test(n) ? String(digitoVerificacion(n)) : null;
};

/** The buyer as the server takes it, or the first message per field. */
export function revisarFactura(f: FormFactura): { adquirente: TAdquirente } | { errores: Record<string, string> } {
  const pedido: TAdquirenteRequest = {
    tipoPersona: f.tipoPersona === '1' ? 1 : 2,
    tipoDocumento: f.tipoDocumento,
    numero: f.numero,
    dv: f.tipoDocumento === '31' ? f.dv.trim() || null : null,
    nombre: f.nombre,
    email: f.email,
    responsabilidades: f.responsabilidades as TAdquirenteRequest['responsabilidades'],
    responsableIva: f.responsableIva,
  };
  const r = ZAdquirente.safeParse(pedido);
  if (r.success) return { adquirente: r.data };
  const errores: Record<string, string> = {};
  for (const i of r.error.issues) errores[String(i.path[0] ?? 'numero')] ??= i.message;
  return { errores };
}

/**
 * "Factura electrónica" at the till's payment (issue #57, ADR 044): a buyer who asks for a factura
 * gets one instead of the POS document. Their data are typed or found by number (a customer remembers
 * them); a NIT's check digit is computed as the number is typed, and a different one typed is flagged.
 */
export function PagoFactura({ form, setForm, errores }: { form: FormFactura; setForm: (f: FormFactura) => void; errores: Record<string, string> }) {
  const [buscando, setBuscando] = useState(false);
  const [aviso, setAviso] = useState<string | null>(null);
  const cambiar = (c: Partial<FormFactura>) => {
    const siguiente = { ...form, ...c };
    // The check digit follows the number while the cashier has not typed another.
    if (('numero' in c || 'tipoDocumento' in c) && (form.dv === '' || form.dv === dvCalculado(form))) siguiente.dv = dvCalculado(siguiente) ?? '';
    if ('numero' in c) siguiente.cliente = false;
    setForm(siguiente);
  };
  const calculado = dvCalculado(form);
  const buscar = async () => {
    const numero = form.numero.replace(/[.\s-]/g, '');
    if (!numero) return;
    setBuscando(true);
    setAviso(null);
    try {
      const { datosFiscales: d } = await datosFiscalesDe(numero);
      if (d)
        setForm({ ...form, activa: true, cliente: true, tipoPersona: d.tipoPersona === 1 ? '1' : '2', tipoDocumento: d.tipoDocumento, numero: d.numero, dv: d.dv ?? '', nombre: d.nombre, email: d.email, responsabilidades: d.responsabilidades, responsableIva: d.responsableIva });
      else setForm({ ...form, cliente: true });
    } catch (err) {
      setAviso(err instanceof AppError ? err.message : FE.clienteNoEncontrado);
    } finally {
      setBuscando(false);
    }
  };
  return (
    <fieldset className="pago__factura" data-testid="pago-factura">
      <label className="pago__factura-opcion">
        <input type="checkbox" name="facturaElectronica" checked={form.activa} onChange={(e) => setForm({ ...form, activa: e.target.checked })} />
        <span>
          <strong>{FE.opcion}</strong>
          <small>{FE.ayuda}</small>
        </span>
      </label>
      {form.activa ? (
        <div className="pago__factura-datos">
          <SelectField
            label={FE.tipoPersona}
            name="tipoPersona"
            value={form.tipoPersona}
            onChange={(e) => cambiar({ tipoPersona: e.target.value as FormFactura['tipoPersona'] })}
            options={[
              { value: '1', label: FE.juridica },
              { value: '2', label: FE.natural },
            ]}
          />
          <SelectField
            label={FE.tipoDocumento}
            name="tipoDocumentoFactura"
            value={form.tipoDocumento}
            onChange={(e) => cambiar({ tipoDocumento: e.target.value as FormFactura['tipoDocumento'] })}
            options={TIPOS_DOCUMENTO_FACTURA.map((t) => ({ value: t, label: FE.documentos[t]! }))}
            error={errores.tipoDocumento}
          />
          <div className="pago__factura-numero">
            <Field label={FE.numero} name="numeroFactura" inputMode={form.tipoDocumento === '41' ? 'text' : 'numeric'} autoComplete="off" maxLength={20} value={form.numero} error={errores.numero ?? aviso ?? undefined} onChange={(e) => cambiar({ numero: e.target.value })} />
            {form.tipoDocumento === '31' ? (
              <Field
                label={FE.dv}
                name="dv"
                inputMode="numeric"
                maxLength={1}
                value={form.dv}
                error={errores.dv ?? (calculado && form.dv && form.dv !== calculado ? FE.dvIncorrecto(calculado) : undefined)}
                onChange={(e) => cambiar({ dv: e.target.value.replace(/\D/g, '') })}
                wrapperClassName="pago__factura-dv"
              />
            ) : null}
            <button type="button" className="btn btn--ghost" onClick={() => void buscar()} disabled={buscando || !form.numero.trim()}>
              {FE.buscarCliente}
            </button>
          </div>
          <Field label={FE.nombre} name="nombreFactura" maxLength={120} autoComplete="off" value={form.nombre} error={errores.nombre} onChange={(e) => cambiar({ nombre: e.target.value })} />
          <Field label={FE.email} name="emailFactura" type="email" maxLength={120} autoComplete="off" value={form.email} error={errores.email} onChange={(e) => cambiar({ email: e.target.value })} />
          <fieldset className="pago__factura-grupo">
            <legend>{FE.responsabilidades}</legend>
            {RESPONSABILIDADES_RUT.map((r) => (
              <label key={r} className="pago__factura-check">
                <input
                  type="checkbox"
                  checked={form.responsabilidades.includes(r)}
                  onChange={(e) => cambiar({ responsabilidades: e.target.checked ? [...form.responsabilidades, r] : form.responsabilidades.filter((x) => x !== r) })}
                />
                {FE.nombresResponsabilidad[r]}
              </label>
            ))}
            <ErrorCampo error={errores.responsabilidades} />
          </fieldset>
          <SelectField
            label={FE.regimen}
            name="regimen"
            value={form.responsableIva ? 'si' : 'no'}
            onChange={(e) => cambiar({ responsableIva: e.target.value === 'si' })}
            options={[
              { value: 'no', label: FE.noResponsableIva },
              { value: 'si', label: FE.responsableIva },
            ]}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
