import { generic } from '#shared/messages/comun';
import { crud } from '#shared/messages/crud';
import { showDialog } from '../../../lib/alerts';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud, generic };

/**
 * The 'Oops...' popup of the back-office forms (spec §5). Unlike the shared warning it does not hand
 * the focus back to the button on closing: the form moves it to the field to fix.
 */
export async function alertOops(text: string, title: string = M.crud.oops) {
  await showDialog({
    icon: 'warning',
    title,
    text,
    confirmButtonText: M.generic.accept,
    returnFocus: false,
  });
}
