import Swal from 'sweetalert2';
import { M } from '#shared/messages';

/**
 * The 'Oops...' popup of the back-office forms (spec §5). Unlike the shared warning it does not hand
 * the focus back to the button on closing: the form moves it to the field to fix.
 */
export async function alertOops(text: string, title: string = M.crud.oops) {
  await Swal.fire({
    icon: 'warning',
    title,
    text,
    confirmButtonText: M.generic.accept,
    confirmButtonColor: '#0f766e',
    heightAuto: false,
    returnFocus: false,
  });
}
