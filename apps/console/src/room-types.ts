/** The room as the API sends it (libs/room board.ts: FloorGame, BoardGame), as far as the screens read it; test/room-types-mirror.ts keeps the two in step at typecheck. */
export interface BoardGame {
  readonly gameId: string;
  readonly name: string;
  readonly stakes: string;
  readonly structure: string;
  readonly tablesRunning: number;
  readonly mustMoveTables: number;
  readonly seatsOpen: number;
  readonly listLength: number;
  readonly list: readonly string[];
  readonly called: readonly { readonly alias: string; readonly tableId: string; readonly respondBy: string }[];
  readonly interestList: boolean;
  readonly newTableDue: boolean;
}

export interface RoomCall {
  readonly playerId: string;
  readonly alias: string;
  readonly tableId: string;
  readonly seat: number;
  readonly route: string;
  readonly calledAt: string;
  readonly respondBy: string;
}

export interface FloorGame {
  readonly version: number;
  readonly state: {
    readonly gameId: string;
    readonly name: string;
    readonly status: string;
    readonly policies: { readonly callResponseSeconds: number; readonly noShow: string } | null;
    readonly tables: readonly {
      readonly tableId: string;
      readonly seats: number;
      readonly mustMove: boolean;
      readonly broken: boolean;
      readonly seated: readonly { readonly seat: number; readonly playerId: string; readonly alias: string }[];
    }[];
    readonly list: readonly { readonly playerId: string; readonly alias: string; readonly listedAt: string; readonly noShows: number }[];
    readonly changes: readonly { readonly playerId: string; readonly fromTableId: string; readonly toTableId: string | null }[];
  };
  readonly board: BoardGame;
  readonly openSeats: readonly {
    readonly tableId: string;
    readonly seat: number;
    readonly queue: readonly { readonly playerId: string; readonly alias: string; readonly route: string }[];
  }[];
  readonly calls: readonly RoomCall[];
}
