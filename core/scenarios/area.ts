import { defineArea } from '../area';
import { scenarioHandlers } from './console';
import { ScenarioService } from './service';

/** Scenarios: their console handlers (they run through the console's own API calls). */
export const scenariosArea = defineArea({
  name: 'scenarios',
  handlers: ({ services: s, runtime }) => scenarioHandlers(new ScenarioService(s.ctx), runtime),
});
