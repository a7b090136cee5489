// Loads the demo store into an empty database (prints the demo logins).
import { abrirBase } from './open-db';
import { DEMO, seedDemo } from '../server/db/demo';
import { isEmpty, seedCatalogos } from '../server/db/setup';
import { loadEnv } from '../server/env';

const env = loadEnv();
const database = await abrirBase(env);
await database.migrate();
await seedCatalogos(database.db);
if (await isEmpty(database.db)) {
  await seedDemo(database.db);
  console.log(`Datos de demostración cargados. Tienda: ${DEMO.tienda.email} / ${DEMO.tienda.contrasena}`);
} else {
  console.log('La base de datos ya tiene tiendas: no se cargaron datos de demostración.');
}
await database.close();
