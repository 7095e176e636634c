"""Validates a signed PDF with pyHanko and prints one JSON line per signature.

Usage: python3 validar_pyhanko.py <pdf> <raíz.pem> <fecha_futura_iso>

pyHanko is imported from PYHANKO_SRC (its source tree: the folders pyhanko and
pyhanko_certvalidator side by side); its dependencies are Debian packages. Every
check uses only what the PDF embeds (no network fetch):
- basica: the signature's integrity and trust with the root given;
- ltv: pyHanko's PAdES LTV profile (validate_pdf_ltv_signature, PADES_LT), the
  revocation data read from the document security store;
- futura: AdES LTA validation at the future date (simulate_future_ades_lta_validation),
  the document's own validation data only;
- sellos: each document timestamp's integrity and trust.
"""

import asyncio
import datetime
import json
import os
import sys

sys.path.insert(0, os.environ.get('PYHANKO_SRC', ''))

from asn1crypto import pem, x509  # noqa: E402
from pyhanko.pdf_utils.reader import PdfFileReader  # noqa: E402
from pyhanko.sign.validation import ades  # noqa: E402
from pyhanko.sign.validation import (  # noqa: E402
    RevocationInfoValidationType,
    async_validate_pdf_ltv_signature,
    async_validate_pdf_signature,
    async_validate_pdf_timestamp,
)
from pyhanko.sign.validation.policy_decl import (  # noqa: E402
    PdfSignatureValidationSpec,
    SignatureValidationSpec,
)
from pyhanko_certvalidator import ValidationContext  # noqa: E402
from pyhanko_certvalidator import policy_decl as cv  # noqa: E402
from pyhanko_certvalidator.authority import CertTrustAnchor  # noqa: E402
from pyhanko_certvalidator.context import CertValidationPolicySpec  # noqa: E402
from pyhanko_certvalidator.registry import SimpleTrustManager  # noqa: E402


def leer_raiz(ruta):
    with open(ruta, 'rb') as f:
        datos = f.read()
    if pem.detect(datos):
        _, _, datos = pem.unarmor(datos)
    return x509.Certificate.load(datos)


def texto(valor):
    return str(valor) if valor is not None else None


async def main():
    ruta_pdf, ruta_raiz, futura = sys.argv[1], sys.argv[2], sys.argv[3]
    raiz = leer_raiz(ruta_raiz)
    fecha_futura = datetime.datetime.fromisoformat(futura.replace('Z', '+00:00'))
    with open(ruta_pdf, 'rb') as f:
        r = PdfFileReader(f)
        for sig in r.embedded_signatures:
            salida = {'campo': sig.field_name, 'tipo': texto(sig.sig_object.get('/Type'))}
            if salida['tipo'] == '/DocTimeStamp':
                vc = ValidationContext(trust_roots=[raiz], allow_fetching=False)
                st = await async_validate_pdf_timestamp(sig, validation_context=vc)
                salida['basica'] = {'intacta': st.intact, 'valida': st.valid, 'confiable': st.trusted, 'resumen': st.summary()}
                print(json.dumps(salida), flush=True)
                continue
            vc = ValidationContext(trust_roots=[raiz], allow_fetching=False)
            st = await async_validate_pdf_signature(sig, signer_validation_context=vc)
            salida['basica'] = {
                'intacta': st.intact,
                'valida': st.valid,
                'confiable': st.trusted,
                'modificacion': texto(st.modification_level),
                'cobertura': texto(st.coverage),
                'sello': st.timestamp_validity is not None,
                'resumen': st.summary(),
            }
            try:
                lt = await async_validate_pdf_ltv_signature(
                    sig,
                    RevocationInfoValidationType.PADES_LT,
                    validation_context_kwargs={'trust_roots': [raiz]},
                )
                salida['ltv'] = {'intacta': lt.intact, 'valida': lt.valid, 'confiable': lt.trusted, 'resumen': lt.summary()}
            except Exception as e:  # pyHanko refuses non-LTV signatures with an exception
                salida['ltv'] = {'intacta': False, 'valida': False, 'confiable': False, 'error': f'{type(e).__name__}: {e}'}
            spec = PdfSignatureValidationSpec(
                signature_validation_spec=SignatureValidationSpec(
                    cert_validation_policy=CertValidationPolicySpec(
                        trust_manager=SimpleTrustManager.build([CertTrustAnchor(raiz)]),
                        revinfo_policy=cv.CertRevTrustPolicy(
                            revocation_checking_policy=cv.REQUIRE_REVINFO,
                            freshness_req_type=cv.FreshnessReqType.MAX_DIFF_REVOCATION_VALIDATION,
                        ),
                    )
                )
            )
            try:
                fut = await ades.simulate_future_ades_lta_validation(sig, pdf_validation_spec=spec, future_validation_time=fecha_futura)
                salida['futura'] = {
                    'estado': texto(fut.ades_subindic.status.name),
                    'subindicacion': texto(fut.ades_subindic),
                    'hora_firma': fut.best_signature_time.isoformat() if fut.best_signature_time else None,
                }
            except Exception as e:
                salida['futura'] = {'estado': 'ERROR', 'subindicacion': f'{type(e).__name__}: {e}'}
            print(json.dumps(salida), flush=True)


asyncio.run(main())
