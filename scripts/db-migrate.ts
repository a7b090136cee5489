// Applies the migrations and the fixed catalogues (roles, payment methods) to the configured database.
import { openDatabase } from '../server/bootstrap';
import { seedCatalogos } from '../server/db/setup';
import { loadEnv } from '../server/env';

const env = loadEnv();
const database = await openDatabase(env);
await database.migrate();
await seedCatalogos(database.db);
await database.close();
console.log(`Migraciones aplicadas (${database.kind}).`);
