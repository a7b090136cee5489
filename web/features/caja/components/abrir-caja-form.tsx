import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { caja } from '#shared/messages/caja';
import { numeracion } from '#shared/messages/numeracion';
import { parsePesos } from '#shared/money';
import { ZAbrirTurnoRequest } from '#shared/schemas/caja';
import { MoneyField } from '../../../components/ui/money-field';
import { SelectField } from '../../../components/ui/field';
import { api } from '../../../lib/api-client';
import { alertFailure } from '../../../lib/alerts';
import { useAbrirTurno } from '../api/mutations';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { caja, numeracion };

/** The float the cashier counts in the drawer, and the button that opens the shift. */
export function AbrirCajaForm(props: { onOpened?: () => void }) {
  const [fondo, setFondo] = useState('');
  const [error, setError] = useState<string>();
  const abrir = useAbrirTurno();
  // The store's tills (issue #30 point 5): with several, the cashier says which one the shift opens at.
  const puntos = useQuery({ queryKey: ['numeracion', 'puntos'], queryFn: () => api<{ id: number; nombre: string; ubicacion: string }[]>('/numeracion/puntos') });
  const varios = (puntos.data?.length ?? 0) > 1;
  const [punto, setPunto] = useState('');
  const [errorPunto, setErrorPunto] = useState<string>();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZAbrirTurnoRequest.safeParse({ fondoInicial: parsePesos(fondo) ?? Number.NaN });
    if (!parsed.success) return setError(M.caja.fondoInvalido);
    setError(undefined);
    if (varios && !punto) return setErrorPunto(M.numeracion.cajaRequerida);
    setErrorPunto(undefined);
    try {
      await abrir.mutateAsync(varios ? { ...parsed.data, puntoVentaId: Number(punto) } : parsed.data);
      props.onOpened?.();
    } catch (err) {
      await alertFailure(err);
    }
  };

  return (
    <form className="caja-abrir" onSubmit={onSubmit} noValidate>
      {varios ? (
        <SelectField
          label={M.numeracion.cajaDelTurno}
          value={punto}
          error={errorPunto}
          onChange={(e) => setPunto(e.target.value)}
          options={[{ value: '', label: M.numeracion.elegirCaja }, ...puntos.data!.map((p) => ({ value: String(p.id), label: `${p.nombre} · ${p.ubicacion}` }))]}
        />
      ) : null}
      <MoneyField label={M.caja.fondoLabel} value={fondo} onValue={setFondo} error={error} placeholder="0" autoFocus />
      <button type="submit" className="btn" disabled={abrir.isPending}>
        {M.caja.abrirBoton}
      </button>
    </form>
  );
}
