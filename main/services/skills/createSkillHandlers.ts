import type { RequestHandlers } from '../../../shared/ipc/contract';
import type { SkillsService } from './SkillsService';

type SkillHandlers = Pick<RequestHandlers, 'skills.list' | 'skills.setEnabled'>;

/** The `skills.*` requests over the skills service. */
export function createSkillHandlers(skills: SkillsService): SkillHandlers {
  return {
    'skills.list': ({ server }) => skills.view(server),
    'skills.setEnabled': ({ server, uri, enabled, digest }) =>
      skills.setEnabled(server, uri, enabled, digest),
  };
}
