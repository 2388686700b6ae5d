import { defineRoute, implement, reply } from '../api/contract';
import { configPatchSchema, platformConfigSchema } from './schema';
import type { PlatformService } from './service';

/** `GET /config` and `PATCH /config`, declared once. */
export const platformContract = {
  getPlatformConfig: defineRoute({
    method: 'get', path: '/config', tag: 'Platform configuration', permission: 'VIEW',
    summary: "The platform's configuration",
    responses: { 200: { description: 'The configuration', schema: platformConfigSchema } },
  }),
  updatePlatformConfig: defineRoute({
    method: 'patch', path: '/config', tag: 'Platform configuration', permission: 'MANAGE',
    summary: 'Changes any subset of the editable fields',
    body: configPatchSchema,
    responses: { 200: { description: 'The updated configuration', schema: platformConfigSchema } },
  }),
};

/** Serves the platform configuration routes. */
export function platformRoutes(platform: PlatformService) {
  return implement(platformContract, {
    getPlatformConfig: () => reply(200, platform.get()),
    updatePlatformConfig: ({ body }) => reply(200, platform.update(body)),
  });
}
