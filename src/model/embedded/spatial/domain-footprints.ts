import type { BuildingFootprint, DomainId, LonLatWindow } from '../../port.ts';
import { ModelUnavailableError } from '../../port.ts';
import type { Morphology } from '../morphology/morphology.ts';
import { buildingsIn, maxRectRowSpan } from './queries.ts';

/**
 * Building footprints by domain, for the main thread and the compute threads alike.
 * The look-up needs each morphology's tallest rectangle (in rows); it is measured once
 * per morphology, so a city replaced while running is measured again.
 */
export class DomainFootprints {
  private readonly rowSpans = new WeakMap<Morphology, number>();

  constructor(private readonly domains: ReadonlyMap<DomainId, Morphology>) {}

  inWindow(id: DomainId, window: LonLatWindow): BuildingFootprint[] {
    const m = this.domains.get(id);
    if (!m) throw new ModelUnavailableError(`unknown model domain ${id}`);
    let span = this.rowSpans.get(m);
    if (span === undefined) {
      span = maxRectRowSpan(m);
      this.rowSpans.set(m, span);
    }
    return buildingsIn(m, window, span);
  }
}
