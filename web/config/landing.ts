import { landing } from '#shared/messages/landing';

// The landing page's texts only: the catalogue splits per screen (issue #20).
const M = { landing };

/**
 * The team shown in the landing page's footer (spec §2: five members and their five contact
 * addresses). The spec leaves them as placeholders, so these defaults name the areas of the team
 * rather than people: put the real names (shared/messages/landing.ts, `equipo`) and addresses here when
 * the team agrees to be listed.
 */
export interface TeamMember {
  /** What the footer shows as the member's name. */
  name: string;
  /** Their role, shown under the name and in the contact list. */
  role: string;
  /** Contact address, shown as a mailto link. */
  email: string;
}

export const TEAM: readonly [TeamMember, TeamMember, TeamMember, TeamMember, TeamMember] = [
  { ...M.landing.equipo.comercial, email: 'ventas@adax.co' },
  { ...M.landing.equipo.soporte, email: 'soporte@adax.co' },
  { ...M.landing.equipo.producto, email: 'desarrollo@adax.co' },
  { ...M.landing.equipo.experiencia, email: 'diseno@adax.co' },
  { ...M.landing.equipo.administrativa, email: 'administracion@adax.co' },
];
