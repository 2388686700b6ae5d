import type { Kernel } from './kernel/kernel';

/**
 * What every area's service receives: the kernel plus the other services it may call. Areas get
 * their collaborators through this object rather than importing module-level singletons.
 */
export type Ctx = Kernel;
