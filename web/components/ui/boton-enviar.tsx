/**
 * A form's submit button while its request runs: disabled (a second press would send it twice) and,
 * with `enviandoTexto`, saying what is under way.
 */
export function BotonEnviar(props: { enviando: boolean; texto: string; enviandoTexto?: string; className?: string; disabled?: boolean }) {
  return (
    <button type="submit" className={props.className ?? 'btn'} disabled={props.enviando || props.disabled}>
      {props.enviando && props.enviandoTexto ? props.enviandoTexto : props.texto}
    </button>
  );
}
