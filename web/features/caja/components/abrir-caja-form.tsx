import { useState, type FormEvent } from 'react';
import { caja } from '#shared/messages/caja';
import { parsePesos } from '#shared/money';
import { ZAbrirTurnoRequest } from '#shared/schemas/caja';
import { MoneyField } from '../../../components/ui/money-field';
import { alertFailure } from '../../../lib/alerts';
import { useAbrirTurno } from '../api/mutations';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { caja };

/** The float the cashier counts in the drawer, and the button that opens the shift. */
export function AbrirCajaForm(props: { onOpened?: () => void }) {
  const [fondo, setFondo] = useState('');
  const [error, setError] = useState<string>();
  const abrir = useAbrirTurno();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZAbrirTurnoRequest.safeParse({ fondoInicial: parsePesos(fondo) ?? Number.NaN });
    if (!parsed.success) return setError(M.caja.fondoInvalido);
    setError(undefined);
    try {
      await abrir.mutateAsync(parsed.data);
      props.onOpened?.();
    } catch (err) {
      await alertFailure(err);
    }
  };

  return (
    <form className="caja-abrir" onSubmit={onSubmit} noValidate>
      <MoneyField label={M.caja.fondoLabel} value={fondo} onValue={setFondo} error={error} placeholder="0" autoFocus />
      <button type="submit" className="btn" disabled={abrir.isPending}>
        {M.caja.abrirBoton}
      </button>
    </form>
  );
}
