import type { ApiApp } from '../api/types';
import { requirePermission } from '../api/guard';
import { jsonBody } from '../api/validate';
import { json } from '../api/app';
import { configPatchSchema } from './schema';
import type { PlatformService } from './service';

/** `GET /config` and `PATCH /config`. */
export function platformRoutes(platform: PlatformService) {
  return (app: ApiApp) => {
    app.get('/config', (c) => {
      requirePermission(c, 'VIEW');
      return json(platform.get());
    });
    app.patch('/config', async (c) => {
      requirePermission(c, 'MANAGE');
      return json(platform.update(await jsonBody(c, configPatchSchema)));
    });
  };
}
