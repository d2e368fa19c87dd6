import 'server-only';
import type { ClientRow } from '@/lib/brands/find-client';
import type { CloneInfo } from '@/lib/schemas/client';
import { featureKeyOfFlag, type FeatureFlag } from '@/lib/schemas/client-config';
import { brandConfigOf } from '@/lib/brands/brand-config';
import { gradient, gradientBackground, textColorFor } from '@/lib/domain/theme';

/** The clone-info answer for a brand: its stored configuration with every default and derivation. */
export function getCloneInfo(client: ClientRow): CloneInfo {
  const cfg = brandConfigOf(client);
  const { ui, flags, otpServices: o } = cfg;
  const serviceStatus = client.serviceStatus === 'Blacklisted' ? 'Blacklisted' : 'Whitelisted';
  const servicesEnabled = [
    'anti_counterfeiting',
    ...(Object.keys(featureKeyOfFlag) as FeatureFlag[]).filter((f) => flags[f]).map((f) => featureKeyOfFlag[f]),
  ];
  const otpOn = o.isOtpServiceEnabled || o.is_No_Password_Flow_Enabled;
  return {
    masterClientId: client.id,
    serviceStatus,
    organizationName: client.organizationName,
    organizationType: client.organizationType === 'Retailer' ? 'Retailer' : 'Manufacturer',
    servicesEnabled,
    banners: cfg.banners,
    status: 'SUCCESS',
    ...flags,
    complaintConfig: { priorities: cfg.complaintConfig.priorities },
    uiDesignCriteria: {
      ...ui,
      themeColor: {
        color: textColorFor(ui.primaryColor),
        primaryColor: ui.primaryColor,
        secondaryColor: ui.secondaryColor,
        gradientAngle: ui.gradientAngle,
        gradientBgColor: gradientBackground(ui.primaryColor, ui.secondaryColor),
        gradientColor: gradient(ui.primaryColor, ui.secondaryColor, ui.gradientAngle),
      },
      isOtpServiceEnabled: otpOn,
    },
    otpServices: {
      ...o,
      isOtpServiceEnabled: otpOn,
      isNoPasswordFlowEnabled: o.is_No_Password_Flow_Enabled,
      isLoginOtpRequired: o.isLoginOtpEnabled,
      isRegestrationOtpRequired: o.isRegistartionOtpEnabled,
      isUserNameEnabled: o.is_UserName_Intake_Enabled,
      isEmailServiceOpted: o.isEmailServiceEnabled,
      isMobileServiceOpted: o.isMobileNoServiceEnabled,
    },
    masterClientData: {
      id: client.id,
      serviceStatus,
      isEmbeddingRequired: ui.isEmbeddingRequired,
      embeddingURL: ui.embeddingURL,
      embedPrivacyPolicyURL: ui.embedding_App_Privacy_Policy_URL,
      embedTermsURL: ui.embedding_App_Terms_And_Conditions_URL,
    },
    footer: cfg.footer,
  };
}
