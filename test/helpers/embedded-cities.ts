import { embeddedRegistry } from '../../src/adapters/cities/embedded-packages.ts';
import type { Cities, CityRegistry } from '../../src/domain/coverage/registry.ts';

/**
 * The registry of the shipped packages (data/cities/), for tests without a composition
 * root: what the service's registry holds when no city was imported. Read once per test
 * process.
 */
export const EMBEDDED_REGISTRY: CityRegistry = embeddedRegistry();

/** the same as a live view, for the services' `cities` dependency */
export const embeddedCities: Cities = () => EMBEDDED_REGISTRY;
