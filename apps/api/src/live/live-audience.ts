import { Injectable } from '@nestjs/common';
import type { Audience } from '@felt/projections';

/** Who is on the other end of a /live connection, once the access token was checked (null: no token). */
export interface LiveViewer {
  readonly userId: string | null;
}

export type LiveAdmission = { readonly ok: true; readonly viewer: LiveViewer } | { readonly ok: false; readonly detail: string };

/**
 * The one place /live decides what a connection may see: `admit` turns the `?access_token=` of the connection
 * into a viewer (or refuses it: UNAUTHENTICATED), `audienceFor` gives that viewer's audience for one table
 * (hole cards for 'dealer' and 'regulator' only). Without a token a connection is the public.
 */
@Injectable()
export class LiveAudience {
  async admit(accessToken: string | null): Promise<LiveAdmission> {
    if (accessToken === null) return { ok: true, viewer: { userId: null } };
    // Until the JWT check is wired in here, a token earns nothing more than the public view.
    return { ok: true, viewer: { userId: null } };
  }

  async audienceFor(_viewer: LiveViewer, _tableId: string): Promise<Audience> {
    return 'public';
  }
}
