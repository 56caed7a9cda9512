import type { ConsentCategory } from '../lib/consent.ts';

/**
 * The words of the page chrome (skip link, affiliate notice, footer, notifications, consent
 * banner) in the languages landing pages are written in. Site pages are English; a French or
 * Spanish landing page shows its chrome in its own language, and templates/scripts/landing.ts
 * switches it with the page (`data-chrome` names the key; the packs are in `#landing-chrome`).
 */
export type ChromeLocale = 'en' | 'fr' | 'es';

export interface ChromeText {
  skip: string;
  affiliate: string;
  affiliateLink: string;
  tagline: string;
  legal: string;
  about: string;
  contact: string;
  privacy: string;
  /** The consent banner's link to the privacy policy (short: it shares a row on phones). */
  privacyShort: string;
  disclosure: string;
  choices: string;
  rights: string;
  backToTop: string;
  notifications: string;
  consentTitle: string;
  /** "With your permission, … for {list}." */
  consentLead: (list: string) => string;
  nothingLoads: string;
  changeIt: string;
  reject: string;
  accept: string;
  choose: string;
  save: string;
  allow: string;
  and: string;
  /** The consent script's own messages: the toast after a choice, and its close button's label. */
  consentSaved: string;
  consentSavedHint: string;
  consentReload: string;
  dismiss: string;
  category: Record<ConsentCategory, string>;
  short: Record<ConsentCategory, string>;
  /** What each configured service does, for the per-category choice. */
  service: { ads: string; conversion: string; pixel: string; geolocation: string; beacon: string };
}

export const CHROME: Record<ChromeLocale, ChromeText> = {
  en: {
    skip: 'Skip to content',
    affiliate: 'Some links on this page are affiliate links: if you buy through them we may earn a commission, at no extra cost to you.',
    affiliateLink: 'How we handle affiliate links',
    tagline: '',
    legal: 'Legal',
    about: 'About us',
    contact: 'Contact',
    privacy: 'Privacy policy',
    privacyShort: 'Privacy policy',
    disclosure: 'Affiliate disclosure',
    choices: 'Privacy choices',
    rights: 'Written with care; not a substitute for professional advice.',
    backToTop: 'Back to top',
    notifications: 'Notifications (F8)',
    consentTitle: 'Your privacy choices',
    consentLead: (list) => `With your permission, we use services from other companies for ${list}.`,
    nothingLoads: 'Nothing from them loads until you choose, and the site works the same if you reject.',
    changeIt: 'Change it any time with “Privacy choices” at the foot of each page; a withdrawal applies once you reload.',
    reject: 'Reject all',
    accept: 'Accept all',
    choose: 'Choose by category',
    save: 'Save my choices',
    allow: 'Allow these services',
    and: 'and',
    consentSaved: 'Privacy choices saved',
    consentSavedHint: 'You can change them at any time with “Privacy choices” at the foot of the page.',
    consentReload: 'Reload the page to stop the services you turned off.',
    dismiss: 'Dismiss notification',
    category: { advertising: 'Advertising', measurement: 'Measurement', location: 'Location' },
    short: { advertising: 'advertising', measurement: 'measurement', location: 'showing offers for your region' },
    service: {
      ads: 'ads in the spaces marked “Advertisement”',
      conversion: 'telling an advertiser when you go to a seller from one of our reviews',
      pixel: 'a tiny image requested once per article read, with its number and address',
      geolocation: 'on some offer pages, your approximate city and country, looked up from your IP address',
      beacon: 'on offer pages, telling the partner’s link tracker when you click through, and connecting to it early',
    },
  },
  fr: {
    skip: 'Aller au contenu',
    affiliate: 'Certains liens de cette page sont des liens affiliés : si vous achetez par leur biais, nous pouvons toucher une commission, sans frais pour vous.',
    affiliateLink: 'Notre politique sur les liens affiliés',
    tagline: 'Des conseils bienveillants et concrets sur l’amour, les rencontres, les ruptures et l’épanouissement personnel.',
    legal: 'Mentions',
    about: 'Qui sommes-nous',
    contact: 'Contact',
    privacy: 'Politique de confidentialité',
    privacyShort: 'Confidentialité',
    disclosure: 'Liens affiliés',
    choices: 'Choix de confidentialité',
    rights: 'Écrit avec soin ; ne remplace pas l’avis d’un professionnel.',
    backToTop: 'Haut de page',
    notifications: 'Notifications (F8)',
    consentTitle: 'Vos choix de confidentialité',
    consentLead: (list) => `Avec votre accord, nous utilisons des services d’autres sociétés pour ${list}.`,
    nothingLoads: 'Rien ne se charge avant votre choix, et le site fonctionne de la même façon si vous refusez.',
    changeIt: 'Vous pouvez changer d’avis à tout moment avec « Choix de confidentialité » en bas de chaque page ; un retrait s’applique au prochain chargement.',
    reject: 'Tout refuser',
    accept: 'Tout accepter',
    choose: 'Choisir par catégorie',
    save: 'Enregistrer mes choix',
    allow: 'Autoriser ces services',
    and: 'et',
    consentSaved: 'Choix de confidentialité enregistrés',
    consentSavedHint: 'Vous pouvez les modifier à tout moment avec « Choix de confidentialité » en bas de la page.',
    consentReload: 'Rechargez la page pour arrêter les services que vous avez désactivés.',
    dismiss: 'Fermer la notification',
    category: { advertising: 'Publicité', measurement: 'Mesure', location: 'Localisation' },
    short: { advertising: 'la publicité', measurement: 'la mesure d’audience', location: 'afficher les offres de votre région' },
    service: {
      ads: 'des publicités dans les espaces marqués « Publicité »',
      conversion: 'signaler à un annonceur que vous allez chez un vendeur depuis l’un de nos avis',
      pixel: 'une image minuscule demandée une fois par article lu, avec son numéro et son adresse',
      geolocation: 'sur certaines pages d’offre, votre ville et votre pays approximatifs, déduits de votre adresse IP',
      beacon: 'sur les pages d’offre, signaler au traceur de liens du partenaire que vous cliquez, et s’y connecter à l’avance',
    },
  },
  es: {
    skip: 'Ir al contenido',
    affiliate: 'Algunos enlaces de esta página son de afiliado: si compras a través de ellos podemos recibir una comisión, sin coste adicional para ti.',
    affiliateLink: 'Cómo tratamos los enlaces de afiliado',
    tagline: 'Consejos amables y prácticos sobre el amor, las citas, las rupturas y el crecimiento personal.',
    legal: 'Legal',
    about: 'Quiénes somos',
    contact: 'Contacto',
    privacy: 'Política de privacidad',
    privacyShort: 'Política de privacidad',
    disclosure: 'Enlaces de afiliado',
    choices: 'Opciones de privacidad',
    rights: 'Escrito con cuidado; no sustituye el consejo de un profesional.',
    backToTop: 'Volver arriba',
    notifications: 'Notificaciones (F8)',
    consentTitle: 'Tus opciones de privacidad',
    consentLead: (list) => `Con tu permiso, usamos servicios de otras empresas para ${list}.`,
    nothingLoads: 'No se carga nada de ellos hasta que elijas, y el sitio funciona igual si rechazas.',
    changeIt: 'Puedes cambiarlo cuando quieras con «Opciones de privacidad» al pie de cada página; una retirada se aplica al recargar.',
    reject: 'Rechazar todo',
    accept: 'Aceptar todo',
    choose: 'Elegir por categoría',
    save: 'Guardar mis opciones',
    allow: 'Permitir estos servicios',
    and: 'y',
    consentSaved: 'Opciones de privacidad guardadas',
    consentSavedHint: 'Puedes cambiarlas cuando quieras con «Opciones de privacidad» al pie de la página.',
    consentReload: 'Recarga la página para detener los servicios que desactivaste.',
    dismiss: 'Cerrar la notificación',
    category: { advertising: 'Publicidad', measurement: 'Medición', location: 'Ubicación' },
    short: { advertising: 'publicidad', measurement: 'medición', location: 'mostrar ofertas de tu región' },
    service: {
      ads: 'anuncios en los espacios marcados «Publicidad»',
      conversion: 'avisar a un anunciante cuando vas a un vendedor desde una de nuestras reseñas',
      pixel: 'una imagen diminuta pedida una vez por artículo leído, con su número y dirección',
      geolocation: 'en algunas páginas de ofertas, tu ciudad y país aproximados, deducidos de tu dirección IP',
      beacon: 'en las páginas de ofertas, avisar al rastreador de enlaces del socio cuando haces clic, y conectarse a él antes',
    },
  },
};

/** The words templates/scripts/consent.ts shows itself, in the page's language. */
export type ConsentScriptText = Pick<ChromeText, 'consentSaved' | 'consentSavedHint' | 'consentReload' | 'dismiss'>;

/** The chrome words for a page language; English for any other. */
export const chromeText = (lang: string | undefined): ChromeText => CHROME[(lang ?? 'en') as ChromeLocale] ?? CHROME.en;

/** "a", "a and b", "a, b and c" in the chrome's language. */
export const listOf = (items: string[], t: ChromeText) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${t.and} ${items[items.length - 1]}`;
