// Applies the migrations and the fixed catalogues (roles, payment methods) to the configured database.
import { abrirBase } from './open-db';
import { seedCatalogos } from '../server/db/setup';
import { loadEnv } from '../server/env';

const env = loadEnv();
const database = await abrirBase(env);
await database.migrate();
await seedCatalogos(database.db);
await database.close();
console.log(`Migraciones aplicadas (${database.kind}).`);
