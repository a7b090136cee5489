import { formatNumber } from '#shared/money';
import { Field } from './field';

type FieldProps = Parameters<typeof Field>[0];

/** Digits a person typed, shown es-CO as they type: "20000" → "20.000". At most 15 digits (exact in JavaScript). */
export function formatearMonto(text: string): string {
  const digits = text.replace(/\D/g, '').replace(/^0+(?=\d)/, '').slice(0, 15);
  return digits ? formatNumber(Number(digits)) : '';
}

/**
 * The one input for money: integer pesos, formatted with thousand dots as the person types, read
 * back with `parsePesos`. Dots, spaces and "$" typed or pasted are taken as formatting, never as
 * decimals (Colombian pesos have none in practice).
 */
export function MoneyField({ value, onValue, ...props }: Omit<FieldProps, 'value' | 'onChange' | 'type'> & { value: string; onValue: (formatted: string) => void }) {
  return (
    <Field
      inputMode="numeric"
      autoComplete="off"
      {...props}
      type="text"
      value={value}
      onChange={(e) => onValue(formatearMonto(e.target.value))}
    />
  );
}

/** A form hook's `bind(name)` (value + onChange) as MoneyField's props. */
export function precioProps<B extends { value: string; onChange: (e: { target: { value: string } }) => void }>(b: B) {
  const { onChange, ...rest } = b;
  return { ...rest, onValue: (value: string) => onChange({ target: { value } }) };
}
