import { XMLBuilder } from 'fast-xml-parser';
import { readCapped } from '../connectors/http.ts';
import { PermanentDeliveryError, type Transport } from './types.ts';

/*
 * SMS through a Turkish bulk-SMS provider's HTTP API, in the wire format of Netgsm's XML endpoint
 * (other providers such as Mutlucell or İletimerkezi offer the same shape). One request per message:
 *
 *   POST {SMS_PROVIDER_URL}                      e.g. https://api.netgsm.com.tr/sms/send/xml
 *   Content-Type: text/xml; charset=utf-8
 *
 *   <?xml version="1.0" encoding="UTF-8"?>
 *   <mainbody>
 *     <header>
 *       <company dil="TR">Netgsm</company>        dil="TR": Turkish letters (ç ğ ı İ ö ş ü) allowed
 *       <usercode>{SMS_PROVIDER_USER}</usercode>
 *       <password>{SMS_PROVIDER_PASSWORD}</password>
 *       <type>1:n</type>                          one text to the listed numbers
 *       <msgheader>{SMS_PROVIDER_HEADER}</msgheader>  the approved sender name
 *     </header>
 *     <body>
 *       <msg><![CDATA[{text}]]></msg>
 *       <no>905XXXXXXXXX</no>                     country code + 10-digit mobile number
 *     </body>
 *   </mainbody>
 *
 * The answer is plain text: `00 <job id>` when accepted (`01`/`02` mean a corrected schedule date,
 * still accepted); any other code is a refusal, listed below with its meaning. The credentials
 * travel in the body, never in a URL that a proxy would log.
 */

export interface SmsSettings {
  url: string;
  user: string | undefined;
  password: string | undefined;
  /** The sender name registered with the provider (msgheader). */
  header: string;
  timeoutMs?: number;
}

const acceptedCodes = new Set(['00', '01', '02']);
/** The provider's answer is one short status line. */
const smsReplyMaxBytes = 16 * 1024;

/** The provider's refusal codes; `permanent` ones cannot succeed by retrying the same message. */
export const smsProviderErrors: Record<string, { reason: string; permanent: boolean }> = {
  '20': { reason: 'message text is invalid or longer than the provider allows', permanent: true },
  '30': { reason: 'invalid username or password, or API access is not allowed from this IP address', permanent: false },
  '40': { reason: 'the sender name (SMS_PROVIDER_HEADER) is not registered with the provider', permanent: false },
  '50': { reason: 'the account cannot send İYS-checked messages', permanent: false },
  '51': { reason: 'the account has no İYS brand code', permanent: false },
  '70': { reason: 'the request has a missing or malformed parameter', permanent: true },
  '80': { reason: 'the sending limit was exceeded', permanent: false },
  '85': { reason: 'too many messages to the same number within a minute', permanent: false },
  '100': { reason: 'provider system error', permanent: false },
  '101': { reason: 'provider system error', permanent: false },
};

/** 5XXXXXXXXX (how the portal stores numbers), 05XXXXXXXXX, +905XXXXXXXXX → 905XXXXXXXXX. */
export function providerPhoneNumber(to: string): string {
  const digits = to.replace(/\D/g, '');
  const national = digits.replace(/^(90|0)(?=5\d{9}$)/, '');
  if (!/^5\d{9}$/.test(national)) throw new PermanentDeliveryError('SMS recipient is not a Turkish mobile number');
  return `90${national}`;
}

// The message goes in CDATA (the builder splits a `]]>` inside it across two sections).
const xmlBuilder = new XMLBuilder({ ignoreAttributes: false, cdataPropName: '#cdata' });

export function smsRequestBody(settings: Pick<SmsSettings, 'user' | 'password' | 'header'>, number: string, text: string): string {
  return xmlBuilder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    mainbody: {
      header: {
        company: { '@_dil': 'TR', '#text': 'Netgsm' },
        usercode: settings.user ?? '',
        password: settings.password ?? '',
        type: '1:n',
        msgheader: settings.header,
      },
      body: { msg: { '#cdata': text }, no: number },
    },
  });
}

export function smsTransport(settings: SmsSettings): Transport {
  const timeoutMs = settings.timeoutMs ?? 15_000;
  return {
    name: 'sms',
    async send(message) {
      const number = providerPhoneNumber(message.to);
      let response: Response;
      try {
        response = await fetch(settings.url, {
          method: 'POST',
          headers: { 'content-type': 'text/xml; charset=utf-8', accept: 'text/plain' },
          body: smsRequestBody(settings, number, message.body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const cause =
          error instanceof Error ? (error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : error.message) : String(error);
        throw new Error(`SMS provider unreachable: ${cause}`);
      }
      // The provider answers a status line; a huge body is not read past the cap.
      const answer = (await readCapped(response, smsReplyMaxBytes).catch(() => '')).trim();
      if (!response.ok) throw new Error(`SMS provider answered HTTP ${response.status}`);
      const [code = '', providerId] = answer.split(/\s+/);
      if (acceptedCodes.has(code) && providerId) return { providerId };
      const known = smsProviderErrors[code];
      if (known) {
        const reason = `SMS provider refused the message (code ${code}): ${known.reason}`;
        throw known.permanent ? new PermanentDeliveryError(reason) : new Error(reason);
      }
      throw new Error(`SMS provider gave an unexpected answer: ${answer.slice(0, 80) || '(empty)'}`);
    },
  };
}
