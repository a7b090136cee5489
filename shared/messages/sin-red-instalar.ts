/**
 * The till's note on iPhone and iPad without the network (issue #34): its own module, part of `sinRed`,
 * so that the till's first paint does not carry every offline text (issue #55 point 4).
 */
export const sinRedInstalar = {
  instalarTitulo: 'Instale la app para vender sin red',
  instalarIos:
    'En iPhone y iPad, Safari borra lo guardado por una página que no se usa en 7 días, y con ello las ventas sin enviar. Para vender sin red, instale la app: toque Compartir y luego «Agregar a pantalla de inicio», y ábrala desde ese ícono.',
};
