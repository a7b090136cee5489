/**
 * The till's one promotions text (the cart's *Ahorro* row): its own module, part of `promociones`
 * unchanged, so that the till's first paint does not carry every promotions text (issue #55 point 4).
 */
export const promocionesCaja = {
  ahorro: 'Ahorro',
};
