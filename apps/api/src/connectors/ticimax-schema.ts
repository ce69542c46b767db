/**
 * Ticimax's SelectSiparis answer as the connector reads it, after parseSoapXml (fast-xml-parser:
 * every value text, `WebSiparis`/`WebSiparisUrun` always lists, `i:nil` as `@_nil`). The connector
 * parses with this schema, and sandbox/ticimax.test.ts validates every sandbox answer with it.
 * Sources (read 2026-11-28; docs/marketplaces.md § Ticimax lists each fact and its test):
 * static.ticimax.com `SiparisServis.pdf` as mapped in docs/reference/MARKETPLACES.md § Ticimax
 * (SelectSiparis, WebSiparis `ID`, `SiparisNo`, `SiparisTarihi`, `SiparisToplamTutari`, `Durum`
 * codes 0–22, `ParaBirimi`, `Urunler`), and public SOAP clients' fixtures of the answer (numeric
 * `Durum` beside the panel text in `SiparisDurumu`; lines `Adet`, `StokKodu`, `UrunAdi`, `Tutar`,
 * `KdvTutari`). Objects are loose: Ticimax sends many more members (buyer and addresses among
 * them), which the connector never reads.
 */
import { z } from 'zod';

/** A decimal as WCF writes it: "1249.9", "0", "-5.5". */
const decimalText = z.string().regex(/^-?\d+(\.\d+)?$/);
const integerText = z.string().regex(/^-?\d+$/);
/** An xs:dateTime, unzoned (Istanbul wall clock) or zoned. */
const dateTimeText = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?$/);
/** An element WCF marks `i:nil="true"`. */
const nil = z.looseObject({ '@_nil': z.literal('true') });

export const ticimaxLine = z.looseObject({
  Adet: decimalText,
  StokKodu: z.string().optional(),
  UrunAdi: z.string().optional(),
  /** Unit price before VAT (unconfirmed: public integrations read it so). */
  Tutar: decimalText,
  KdvTutari: decimalText.optional(),
  /** Units of this line returned in a partial return (unconfirmed name; see ticimaxFields). */
  IadeAdet: decimalText.optional(),
});

export const ticimaxOrder = z.looseObject({
  ID: integerText,
  SiparisNo: z.string().optional(),
  SiparisTarihi: dateTimeText,
  SiparisToplamTutari: decimalText,
  /** The status code (0–22; a code Ticimax adds later is kept as `other`). */
  Durum: integerText,
  /** The panel's words for the status. */
  SiparisDurumu: z.string().optional(),
  ParaBirimi: z.string().optional(),
  Urunler: z.union([nil, z.literal(''), z.looseObject({ WebSiparisUrun: z.array(ticimaxLine).optional() })]).optional(),
});

/** The document of a SelectSiparis answer. */
export const ticimaxSelectSiparisAnswer = z.looseObject({
  Envelope: z.looseObject({
    Body: z.looseObject({
      SelectSiparisResponse: z.looseObject({
        SelectSiparisResult: z.union([z.literal(''), z.looseObject({ WebSiparis: z.array(ticimaxOrder).optional() })]),
      }),
    }),
  }),
});

export type TicimaxLine = z.infer<typeof ticimaxLine>;
export type TicimaxOrder = z.infer<typeof ticimaxOrder>;
export type TicimaxSelectSiparisAnswer = z.infer<typeof ticimaxSelectSiparisAnswer>;
