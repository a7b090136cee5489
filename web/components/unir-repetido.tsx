import { ROL } from '#shared/roles';
import { alertFailure, confirmAction, toastSuccess } from '../lib/alerts';
import { useSession } from '../lib/session';

/** The words of a merge of two rows of the empresa with one documento: the customers' (ADR 067) or the suppliers' (ADR 072). */
export interface TextosUnir {
  boton: string;
  botonNombre: (nombre: string) => string;
  titulo: string;
  /** `otro`: the twin's name, when the screen has it (the one that is archived). */
  confirmar: (este: string, documento: string, otro?: string) => string;
  aceptar: string;
}

/**
 * The flag of a row whose documento another row of the empresa shares (*Documento repetido*, *NIT
 * repetido*) and, for the owner or the store's administrator (role 1, the server's rule too), the
 * button *Unir con el otro*: a confirmation that says what happens, the merge, a toast with the
 * server's words (the list refreshes through the mutation), or the refusal.
 */
export function MarcaRepetido(props: {
  etiqueta: string;
  ayuda: string;
  /** The screen's classes: the flag's and the button's. */
  clases: { marca: string; boton: string };
  textos: TextosUnir;
  /** The row's name and documento, as the confirmation says them; the twin's name when the screen has it. */
  nombre: string;
  documento: string;
  otro?: string;
  /** The merge; none when there is no twin left to merge with (the flag alone). */
  unir?: () => Promise<{ message: string }>;
  /** After the merge went through (a screen closes what it had open). */
  alUnir?: () => void;
}) {
  const session = useSession();
  const { textos: U } = props;
  const { unir } = props;
  const onUnir = async () => {
    if (!unir) return;
    if (!(await confirmAction(U.titulo, U.confirmar(props.nombre, props.documento, props.otro), U.aceptar))) return;
    try {
      const r = await unir();
      props.alUnir?.();
      toastSuccess(r.message);
    } catch (err) {
      await alertFailure(err, U.titulo);
    }
  };
  return (
    <>
      <span className={props.clases.marca} title={props.ayuda}>
        {props.etiqueta}
      </span>
      {session?.rol === ROL.ADMIN && unir ? (
        <button type="button" className={`btn btn--ghost btn--sm ${props.clases.boton}`} onClick={onUnir} aria-label={U.botonNombre(props.nombre)}>
          {U.boton}
        </button>
      ) : null}
    </>
  );
}
