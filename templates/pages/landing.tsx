import type { ReactElement } from 'react';
import { PageScript, Picture } from '../../src/index.ts';
import { checkAllowedUrl } from '../../site/landing/index.ts';
import { chromeText } from '../components/chrome-text.ts';
import { Document } from '../components/document.tsx';
import type { SiteEntryPageProps } from '../content.ts';
import { JsonData } from '../components/json-ld.tsx';
import type { LandingData } from '../schemas.ts';
import { birthYears, formatLandingDate, LANDING_TEXT, landingConfig, renderedLocale, type LandingText } from '../lib/landing-config.ts';

/**
 * A monetisation landing page (docs/product.md, "Landing pages"), the honest version of each kind (docs/product.md, "Honest versions").
 *
 * The HTML is complete without JavaScript: every call-to-action is a real link to the page's
 * default campaign link. The `landing` page script (templates/scripts/landing.ts) then reads the
 * query (`cu`, the click ids, `lang`, `cc`, `direct`), rewrites the links, switches the locale pack
 * and runs the kind's timings. Everything it needs is in the `#landing-config` JSON.
 */
export function LandingPage(props: SiteEntryPageProps<LandingData>) {
  const { site, page } = props;
  const data = page.entry.data;
  const shared = site.shared;
  const locale = renderedLocale(data);
  const t = (key: keyof LandingText): string => data.packs[locale]?.[key] ?? LANDING_TEXT[key];
  // landingSchema has already held defaultUrl to the page's trackers; this is its normalised form.
  const fallback = data.defaultUrl ? checkAllowedUrl(data.defaultUrl, data.trackers) : undefined;
  const href = fallback?.ok ? fallback.url : undefined;
  const config = landingConfig(data, shared.thirdParties);
  const consent: ('location' | 'measurement')[] = ['location', ...(data.beacon ? (['measurement'] as const) : [])];

  // Without a default link the page starts as *Invalid access*; the links get their address from
  // the script once it has a valid `cu` (an <a> without href is a valid placeholder until then).
  const cta = (text: string, extra: Record<string, string> = {}) => (
    <a className="button cta landing-cta" href={href} rel={href ? 'sponsored nofollow' : undefined} data-cta="" {...extra}>
      {text}
    </a>
  );

  return (
    <Document
      {...props}
      lang={locale}
      chrome="landing"
      consent={consent}
      ownServices={data.beacon ? { measurement: chromeText(locale).service.beacon } : {}}
      affiliate
      meta={{ title: data.title, description: data.description, noindex: data.noindex, image: data.hero?.image, imageAlt: data.hero?.alt }}
    >
      <div className={`wrap landing landing-${data.kind}`} data-landing={data.kind}>
        <section className="landing-notice" data-invalid-access="" hidden={Boolean(href) || data.kind === 'smart-redirect' || data.kind === 'survey' || data.kind === 'age-gate'}>
          <h1>Invalid access</h1>
          <p>This landing page can only be opened from authorized traffic.</p>
          <p><a href="/">Go to the Heart Notes home page</a></p>
        </section>
        <section className="landing-notice" data-region-block="" hidden>
          <h1 data-text="regionTitle">{t('regionTitle')}</h1>
          <p><a href="/" data-text="regionLink">{t('regionLink')}</a></p>
        </section>
        <div className="landing-body" data-landing-body="" hidden={!href && data.kind !== 'smart-redirect' && data.kind !== 'survey' && data.kind !== 'age-gate'}>
          {data.kind === 'offer' ? <Offer data={data} t={t} cta={cta} locale={locale} /> : null}
          {data.kind === 'adult-interstitial' ? (
            <section className="landing-card" aria-labelledby="landing-title">
              <p className="landing-badge" aria-hidden="true">18+</p>
              <h1 id="landing-title" data-text="adultTitle">{t('adultTitle')}</h1>
              <p data-text="adultIntro">{t('adultIntro')}</p>
              <div className="landing-actions">
                {cta(t('adultConfirm'), { 'data-text': 'adultConfirm' })}
                <a className="button button-quiet" href={data.leave} data-text="leave">{t('leave')}</a>
              </div>
            </section>
          ) : null}
          {data.kind === 'age-gate' ? <AgeGate data={data} t={t} /> : null}
          {data.kind === 'split-redirect' ? (
            <section className="landing-card" aria-labelledby="landing-title">
              <h1 id="landing-title" data-text="headline">{t('headline')}</h1>
              <p data-text="splitIntro">{t('splitIntro')}</p>
              <p className="landing-actions">{cta(t('continue'), { 'data-text': 'continue' })}</p>
            </section>
          ) : null}
          {data.kind === 'loading' ? (
            <section className="landing-card landing-loading" aria-labelledby="landing-title">
              <Picture className="landing-loading-bg" src={data.backgrounds[0].image} alt={data.backgrounds[0].alt} width={640} height={360} sizes="640px" lazy={false} data-loading-bg="" />
              <h1 id="landing-title" data-text="headline">{t('headline')}</h1>
              <p className="landing-loading-message" role="status" data-loading-message="">{data.messages[0]}</p>
              <p className="landing-actions" data-loading-continue="">{cta(t('continue'), { 'data-text': 'continue' })}</p>
            </section>
          ) : null}
          {data.kind === 'survey' ? <Survey data={data} t={t} /> : null}
          {data.kind === 'smart-redirect' ? (
            <section className="landing-card" aria-labelledby="landing-title">
              <h1 id="landing-title" data-text="headline">{t('headline')}</h1>
              <p data-text="smartIntro">{t('smartIntro')}</p>
              <p className="landing-actions">
                <a className="button cta landing-cta" href={data.offers.default} rel="sponsored nofollow" data-cta="" data-text="continue">
                  {t('continue')}
                </a>
              </p>
            </section>
          ) : null}
          {page.html ? <div className="prose landing-prose" dangerouslySetInnerHTML={{ __html: page.html }} /> : null}
        </div>
      </div>
      <JsonData id="landing-config" data={config} />
      <PageScript name="landing" />
    </Document>
  );
}

type Cta = (text: string, extra?: Record<string, string>) => ReactElement | null;
type T = (key: keyof LandingText) => string;

function Offer({ data, t, cta, locale }: { data: Extract<LandingData, { kind: 'offer' }>; t: T; cta: Cta; locale: string }) {
  const deadline = data.deadline ? `${data.deadline}T23:59:59Z` : undefined;
  return (
    <section className="landing-card landing-offer" aria-labelledby="landing-title">
      {data.hero ? <Picture className="landing-hero" src={data.hero.image} alt={data.hero.alt} width={960} height={540} sizes="(max-width: 60rem) 100vw, 960px" priority /> : null}
      <h1 id="landing-title" data-text="headline">{t('headline')}</h1>
      <p className="landing-location" data-location="" hidden />
      <p className="landing-sub" data-text="intro" data-country-text="sub">{t('intro')}</p>
      {deadline ? (
        <p className="landing-deadline">
          <span data-text="deadlineLabel">{t('deadlineLabel')}</span>{' '}
          <time dateTime={data.deadline} data-date="">{formatLandingDate(data.deadline!, locale)}</time>
          <span className="landing-countdown" data-countdown={deadline} hidden />
        </p>
      ) : null}
      <p className="landing-actions">{cta(t('cta'), { 'data-text': 'cta', 'data-country-text': 'cta' })}</p>
      {data.popupAfter ? (
        <dialog className="landing-popup" data-popup={String(data.popupAfter)} aria-labelledby="landing-popup-title">
          <h2 id="landing-popup-title" data-text="popupTitle">{t('popupTitle')}</h2>
          <p data-text="popupText">{t('popupText')}</p>
          <div className="landing-actions">
            {cta(t('cta'), { 'data-text': 'cta', 'data-country-text': 'cta' })}
            <form method="dialog">
              <button className="button button-quiet" type="submit" data-text="close" autoFocus>{t('close')}</button>
            </form>
          </div>
        </dialog>
      ) : null}
    </section>
  );
}

function AgeGate({ data, t }: { data: Extract<LandingData, { kind: 'age-gate' }>; t: T }) {
  const years = birthYears(new Date().getUTCFullYear());
  return (
    <section className="landing-card" aria-labelledby="landing-title">
      <h1 id="landing-title" data-text="gateTitle">{t('gateTitle')}</h1>
      <p data-text="gateIntro">{t('gateIntro')}</p>
      <form className="landing-gate js-only" data-age-gate={data.next} action="/api/subscribe" method="post" noValidate>
        <p className="field">
          <label htmlFor="gate-email" data-text="emailLabel">{t('emailLabel')}</label>
          <input id="gate-email" name="email" type="email" autoComplete="email" inputMode="email" maxLength={254} required />
        </p>
        <p className="field">
          <label htmlFor="gate-year" data-text="yearLabel">{t('yearLabel')}</label>
          <select id="gate-year" name="birthYear" required defaultValue="">
            <option value="" data-text="yearPlaceholder">{t('yearPlaceholder')}</option>
            {years.map((y) => (
              <option key={y} value={y}>{y}</option>
            ))}
          </select>
        </p>
        <p className="form-consent">
          <span data-text="gateConsent">{t('gateConsent')}</span> <a href="/privacy-policy" data-text="privacyLink">{t('privacyLink')}</a>
        </p>
        <p className="form-message" role="alert" data-gate-message="" />
        <button className="button cta" type="submit" data-gate-submit="" data-text="gateSubmit">{t('gateSubmit')}</button>
      </form>
      <noscript>
        <p>{t('gateNoScript')}</p>
        <p><a className="button" href={data.next}>{t('gateNoScriptLink')}</a></p>
      </noscript>
    </section>
  );
}

const SURVEY = [
  { key: 'q1', answers: ['Daily', 'Weekly', 'Sometimes', 'Rarely'] },
  { key: 'q2', answers: ['Smartphone', 'Gift Card', 'Headphones', 'Cash'] },
  { key: 'q3', answers: ['Yes', 'No'] },
] as const;

function Survey({ data, t }: { data: Extract<LandingData, { kind: 'survey' }>; t: T }) {
  return (
    <section className="landing-card landing-survey" aria-labelledby="landing-title">
      <h1 id="landing-title" data-text="surveyTitle">{t('surveyTitle')}</h1>
      <p data-text="surveyIntro" data-country-text="sub">{t('surveyIntro')}</p>
      <div className="js-only" data-survey="">
        {SURVEY.map((q, i) => (
          <fieldset key={q.key} className="survey-step" data-step={i + 1} hidden={i > 0}>
            <legend tabIndex={-1}>
              <span className="survey-count">{i + 1} / 3</span> <span data-text={q.key}>{t(q.key)}</span>
            </legend>
            <div className="survey-answers">
              {q.answers.map((a) => (
                <button key={a} type="button" className="button button-quiet" data-answer={a}>{a}</button>
              ))}
            </div>
          </fieldset>
        ))}
        <div className="survey-step" data-step="no" hidden>
          <p tabIndex={-1} data-text="surveyNo">{t('surveyNo')}</p>
          <p><a href="/">{t('regionLink')}</a></p>
        </div>
        <div className="survey-step" data-step="partner" hidden>
          <h2 tabIndex={-1} data-country-text="thanks" data-text="surveyThanks">{t('surveyThanks')}</h2>
          <p role="status" data-survey-countdown="" data-template={t('surveyCountdown')} />
          <p className="landing-actions">
            <a className="button cta landing-cta" href={data.offers[0]} rel="sponsored nofollow" data-cta="" data-text="goNow">{t('goNow')}</a>
          </p>
        </div>
      </div>
      <noscript>
        <p>{t('surveyNoScript')}</p>
        <p><a className="button cta" href={data.offers[0]} rel="sponsored nofollow">{t('goNow')}</a></p>
      </noscript>
    </section>
  );
}
