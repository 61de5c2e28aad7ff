#!/usr/bin/env python3
"""Write the embedded offline datasets under ``insightkit/embedded/``.

Everything this script writes was authored by the insightkit developers for this project and is
released under the project's licence (Apache-2.0). All people, places, companies, organisms,
proteins, drugs, trials and events are fictional. The files mirror the *file formats* of three
public datasets (L-Eval open-ended tasks, NQ-open with the lost-in-the-middle oracle file, and the
BioASQ Task B golden sets) so that the same loaders read both; none of their content is used.

Output is deterministic (fixed seeds, gzip mtime 0), so re-running reproduces the committed files.

Usage::

    python tools/make_embedded.py [OUT_DIR]        # default: insightkit/embedded next to tools/

Then ``python tools/check_embedded.py`` verifies the requirements and prints the counts.
"""
from __future__ import annotations

import gzip
import hashlib
import io
import json
import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / 'insightkit' / 'embedded'


# ----------------------------------------------------------------------------------------------
# Small helpers
# ----------------------------------------------------------------------------------------------

def paras(*ps: str, sep: str = '\n\n') -> str:
    "Join paragraphs, dropping empty ones."
    return sep.join(p.strip() for p in ps if p and p.strip())


def pick(rng: random.Random, seq):
    return seq[rng.randrange(len(seq))]


def cycle_pick(seq, i: int):
    "Deterministic rotation through `seq` (no two neighbours alike when len(seq) > 1)."
    return seq[i % len(seq)]


def split_total(total: int, weights: list[float]) -> list[int]:
    "Integers proportional to `weights` that sum exactly to `total` (largest remainders)."
    raw = [total * w / sum(weights) for w in weights]
    out = [int(r) for r in raw]
    for i in sorted(range(len(raw)), key=lambda i: (out[i] - raw[i], i))[:total - sum(out)]: out[i] += 1
    return out


def money(x: float) -> str:
    return f'{x:,.0f}'


def write_jsonl(path: Path, rows: list[dict]):
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, 'w', encoding='utf-8') as f:
        for r in rows: f.write(json.dumps(r, ensure_ascii=False) + '\n')


def write_jsonl_gz(path: Path, rows: list[dict]):
    "Gzip JSON Lines with a fixed header (no file name, mtime 0) so the bytes are reproducible."
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    with gzip.GzipFile(filename='', mode='wb', fileobj=buf, mtime=0) as gz:
        for r in rows: gz.write((json.dumps(r, ensure_ascii=False) + '\n').encode('utf-8'))
    path.write_bytes(buf.getvalue())


# ==============================================================================================
# L-Eval 1: legal_contract_qa -- a long fictional supply and maintenance agreement
# ==============================================================================================

LEGAL_QA = [
    ('On what date does the Agreement take effect?', '1 March 2027'),
    ('How long is the Initial Term of the Agreement?', 'seven (7) years'),
    ('What interest rate applies to payments that the Authority makes late?', '1.75 percent per month'),
    ('For how long is the Equipment warranted after Acceptance?', 'thirty-six (36) months'),
    ('What is the minimum public liability insurance the Supplier must hold?', 'EMC 20,000,000 for each occurrence'),
    ('How much notice must the Authority give to terminate the Agreement for convenience?',
     "one hundred and twenty (120) days' written notice"),
    ('In which city is the seat of any arbitration under the Agreement?', 'Port Ellery'),
    ('For how long after the Agreement ends are the parties barred from soliciting each other\'s staff?',
     'eighteen (18) months'),
    ('Which subcontractor is approved to install the buoy moorings?', 'Marrowfield Civil Works Limited'),
    ('Which Site can only be reached by boat?', 'Heronsgill Island'),
    ("Who is the Supplier's Project Director?", 'Odile Varnholt'),
    ('Which company acts as escrow agent for the software source code?', 'Lindqvar Escrow Services'),
]

LEGAL_DEFINITIONS = [
    ('Acceptance', 'the issue by the Authority of an Acceptance Certificate for a Site, or the deemed issue of such a certificate under Clause 6.7'),
    ('Acceptance Certificate', 'a certificate in the form set out in Part 3 of Schedule D confirming that the Equipment installed at a Site has passed the Acceptance Tests'),
    ('Acceptance Tests', 'the tests described in Clause 6 and Part 2 of Schedule D, including the continuous reliability run'),
    ('Affiliate', 'in relation to a body corporate, any other entity which controls it, which it controls, or which is controlled by the same person as it, directly or through intermediaries, where control means the ownership of more than half of the voting rights'),
    ('Authority Data', 'all data, including hydrological readings, telemetry, images and metadata, which is generated by the Equipment, supplied by the Authority, or processed by the Supplier on the Authority\'s behalf'),
    ('Authority Premises', 'Authority House at Meadgate, Lisscombe, the Authority\'s flood control centre at Tarn Road, and any other premises notified by the Authority from time to time'),
    ('Business Day', 'any weekday which is not a public holiday in the Commonwealth of Estmarch'),
    ('Change', 'any change to this Agreement, including to the Services, the Equipment, the Sites or the Charges, agreed in accordance with the Change Control Procedure'),
    ('Change Control Procedure', 'the procedure set out in Schedule F'),
    ('Charges', 'the Equipment Charges, the Installation Charges and the Maintenance Charges set out in Schedule C, as adjusted under Clause 9'),
    ('Commencement Notice', 'the notice which the Authority issues to release the Supplier to begin works at a particular Site'),
    ('Confidential Information', 'all information of a confidential nature disclosed by or on behalf of one party to the other, whether before or after the date of this Agreement, including the terms of this Agreement and all Authority Data'),
    ('Contract Manager', 'the individual appointed by each party under Clause 2.6 to manage this Agreement on its behalf'),
    ('Contract Year', 'each consecutive period of twelve months beginning on the Effective Date or on an anniversary of it'),
    ('Default Interest', 'the interest payable under Clause 8.6'),
    ('Deliverables', 'all documents, drawings, software configurations, reports and other materials which the Supplier is required to provide under this Agreement'),
    ('Effective Date', '1 March 2027'),
    ('Equipment', 'the river-level buoys, gauge masts, relay nodes, solar power units, mooring kits and other items described in Schedule A, together with their embedded software'),
    ('Escrow Agreement', 'the three-party agreement between the Supplier, the Authority and the Escrow Agent described in Schedule G'),
    ('Exit Period', 'the period beginning on the date on which notice of termination is served, or twelve months before expiry, and ending when the Exit Management Plan has been completed'),
    ('Flood Season', 'the period from 1 October in each year until 30 April in the following year, both dates included'),
    ('Force Majeure Event', 'an event described in Clause 20.1'),
    ('Good Industry Practice', 'the exercise of that degree of skill, care, prudence and foresight which would reasonably be expected from a skilled and experienced supplier of hydrological monitoring equipment engaged in the same type of undertaking'),
    ('Initial Term', 'the period described in Clause 3.1'),
    ('Intellectual Property Rights', 'patents, rights to inventions, copyright, database rights, design rights, trade marks, rights in confidential information and all similar rights anywhere in the world, whether registered or not'),
    ('Key Personnel', 'the individuals named in Schedule E, and any replacement approved under Clause 2.8'),
    ('Maintenance Services', 'the preventive and corrective maintenance of the Equipment, the operation of the telemetry help desk, and the other services described in Clause 7 and Schedule B'),
    ('Milestone', 'an event or task listed in Part 1 of Schedule D, to be completed by the date shown against it'),
    ('Renewal Term', 'each period of extension described in Clause 3.2'),
    ('Service Credit', 'a deduction from the Maintenance Charges calculated under Part 4 of Schedule B'),
    ('Service Levels', 'the availability, response and repair targets set out in Schedule B'),
    ('Site', 'each location listed in Schedule B at which Equipment is to be installed and maintained'),
    ('Software', 'the firmware embedded in the Equipment and the Supplier\'s TideView data platform, including all updates and new releases supplied under this Agreement'),
    ('Source Code', 'the Software in human-readable form, together with build scripts, dependency lists and the technical documentation that a reasonably skilled programmer would need to maintain it'),
    ('Term', 'the Initial Term together with any Renewal Term'),
]

LEGAL_ARTICLES = [
    ('2. APPOINTMENT AND SCOPE', [
        '2.1 The Authority appoints the Supplier, and the Supplier agrees, to design, supply, install, commission and maintain a network of river-level monitoring Equipment across the Corvane Basin on the terms of this Agreement.',
        '2.2 The Supplier acknowledges that the Equipment will be used to issue flood warnings to the public and that the Authority is relying on the Supplier\'s expertise in selecting, siting and configuring the Equipment. The Supplier shall not rely on any statement by the Authority as to the suitability of any Site unless that statement is recorded in Schedule B.',
        '2.3 This Agreement does not oblige the Authority to order any minimum quantity of Equipment beyond the initial network described in Schedule A, Part 1. Additional Equipment may be ordered by way of Purchase Orders issued under Clause 4.',
        '2.4 The Supplier shall perform its obligations in accordance with Good Industry Practice, all applicable laws, the Authority\'s site safety rules in force from time to time, and the reasonable instructions of the Authority\'s Contract Manager.',
        '2.5 Nothing in this Agreement creates an exclusive relationship. The Authority may procure monitoring equipment or services of any kind from third parties, and the Supplier shall cooperate with such third parties in good faith where their equipment shares a Site or a telemetry channel with the Equipment.',
        '2.6 Each party shall appoint a Contract Manager within ten Business Days after the date of this Agreement and shall notify the other party in writing of the name and contact details of its Contract Manager. Either party may replace its Contract Manager by written notice.',
        '2.7 The Contract Managers shall meet at least once in each calendar month during the installation phase and at least once in each quarter thereafter. The Supplier shall prepare and circulate minutes of each meeting within five Business Days.',
        '2.8 The Supplier shall ensure that the Key Personnel are assigned to the performance of this Agreement for the periods stated in Schedule E. The Supplier shall not remove or replace any of the Key Personnel without the prior written consent of the Authority, which shall not be unreasonably withheld where the individual resigns, retires, suffers long-term illness, or is dismissed for misconduct.',
    ]),
    ('3. TERM', [
        '3.1 This Agreement shall come into force on the Effective Date and, unless terminated earlier in accordance with its terms, shall continue for seven (7) years from the Effective Date (the "Initial Term").',
        '3.2 The Authority may extend this Agreement for up to two successive Renewal Terms of two (2) years each by giving written notice to the Supplier not less than six months before the expiry of the Initial Term or of the first Renewal Term, as the case may be.',
        '3.3 The Charges applicable during any Renewal Term shall be the Charges in force at the end of the preceding period, adjusted in accordance with Clause 9, unless the parties agree otherwise under the Change Control Procedure.',
        '3.4 The expiry of the Term shall not affect the rights of either party which have accrued before expiry, nor the continuation of any provision which is expressly or by implication intended to survive.',
    ]),
    ('4. ORDERS AND DELIVERY', [
        '4.1 The initial network shall be supplied on the basis of the quantities stated in Schedule A, Part 1, and no Purchase Order is required for those quantities. All other Equipment shall be ordered by a written Purchase Order bearing an Authority order number.',
        '4.2 The Supplier shall acknowledge each Purchase Order within three Business Days, stating the expected delivery date. A Purchase Order shall be binding on the Supplier once acknowledged, or on the fourth Business Day after it is sent, whichever is earlier.',
        '4.3 The Supplier shall deliver the Equipment to the Site or to the Authority\'s central store at Tarn Road, as specified in the Purchase Order, carriage paid and with all duties and taxes discharged. Each delivery shall be accompanied by a delivery note stating the Purchase Order number, the serial number of each item and the number of packages.',
        '4.4 Risk in the Equipment shall pass to the Authority on Acceptance. Title to the Equipment shall pass to the Authority on the earlier of payment of the relevant Equipment Charges and Acceptance, provided that title to the embedded firmware shall remain with the Supplier and shall be licensed under Clause 11.',
        '4.5 If the Supplier fails to deliver any Equipment by the acknowledged delivery date, the Authority may, without prejudice to its other rights, require the Supplier to deliver by the fastest available means at the Supplier\'s cost, or cancel the Purchase Order in respect of the undelivered items.',
        '4.6 The Supplier shall keep a stock of spare parts at its depot in Dunmarrow sufficient to repair at least five per cent of the installed Equipment of each type at any one time, and shall report the level of that stock to the Authority each quarter.',
    ]),
    ('5. INSTALLATION AND COMMISSIONING', [
        '5.1 The Supplier shall not begin works at a Site until it has received a Commencement Notice for that Site. The Authority shall issue Commencement Notices in the order shown in Schedule D unless the Contract Managers agree a different order.',
        '5.2 Before beginning works at a Site the Supplier shall carry out a survey of the Site, including the river bed, banks and any structures to which Equipment will be fixed, and shall submit a method statement and risk assessment to the Authority at least ten Business Days before the planned start of works.',
        '5.3 The Supplier shall obtain, at its own cost, all consents required for the installation of the Equipment other than the consents listed in Part 3 of Schedule B, which the Authority shall obtain. The Supplier shall comply with the conditions of every consent, whoever obtained it.',
        '5.4 The Supplier shall take all reasonable precautions to avoid harm to wildlife, to the river bed and to the banks, and shall not carry out in-river works during the spawning closure notified each year by the Authority\'s fisheries officer.',
        '5.5 On completion of installation at a Site, the Supplier shall commission the Equipment, connect it to the TideView platform and the Authority\'s telemetry network, and give the Authority written notice that the Site is ready for the Acceptance Tests.',
        '5.6 The Supplier shall leave each Site clean and tidy, shall remove all temporary works and surplus materials, and shall make good any damage caused by its works to the reasonable satisfaction of the Authority.',
    ]),
    ('6. ACCEPTANCE', [
        '6.1 The Acceptance Tests for each Site shall consist of a calibration check against a surveyed datum, a functional test of every alarm threshold, a telemetry failover test, and a continuous reliability run during which the Equipment shall report readings at the agreed interval without interruption.',
        '6.2 The continuous reliability run shall last twenty-one (21) consecutive days. A reading shall be treated as missing if it is not received by the TideView platform within five minutes of its scheduled time.',
        '6.3 The Equipment at a Site passes the continuous reliability run if no more than one half of one per cent of scheduled readings are missing and no single gap exceeds forty-five minutes.',
        '6.4 The Authority shall be entitled to attend all Acceptance Tests. The Supplier shall give at least five Business Days\' notice of the start of the calibration check and the functional tests.',
        '6.5 If the Equipment at a Site fails any Acceptance Test, the Supplier shall promptly remedy the failure and repeat the test. If the Equipment fails the same test on three occasions the Authority may reject the Equipment at that Site and recover all sums paid for it.',
        '6.6 Within five Business Days after the Equipment at a Site passes all Acceptance Tests, the Authority shall issue an Acceptance Certificate or give written reasons for not doing so.',
        '6.7 If the Authority neither issues an Acceptance Certificate nor gives reasons within the period in Clause 6.6, the Supplier may serve a reminder, and if the Authority does not respond within a further five Business Days an Acceptance Certificate shall be deemed to have been issued.',
        '6.8 Acceptance shall not relieve the Supplier of any obligation under this Agreement, and in particular leaves the warranties in Clause 10 unaffected.',
    ]),
    ('7. MAINTENANCE SERVICES', [
        '7.1 From Acceptance of each Site until the end of the Term, the Supplier shall provide the Maintenance Services for the Equipment at that Site so as to meet or exceed the Service Levels.',
        '7.2 Preventive maintenance shall be performed at least twice in each Contract Year at every Site, of which one visit shall take place in the four weeks before the start of the Flood Season. Each visit shall include cleaning of sensors, verification of calibration, inspection of moorings and fixings, and replacement of consumable parts.',
        '7.3 The Supplier shall operate a telemetry help desk which can be contacted by telephone and by email at all times. Every fault report shall be logged with a unique reference and a time stamp, and the help desk log shall be open to inspection by the Authority through the TideView platform.',
        '7.4 During any flood warning issued by the Authority, the Supplier shall place a field engineer on standby within the affected catchment and shall treat every fault at a Site within that catchment as a Priority 1 fault.',
        '7.5 The Supplier shall provide the Authority each month with a service report showing availability per Site, the faults logged and resolved, the response and repair times achieved, and any Service Credits due.',
        '7.6 If the Supplier fails to meet the same Service Level in three consecutive months, or in any four months of a Contract Year, the Authority may by notice require the Supplier to prepare and implement a remediation plan within fifteen Business Days, without prejudice to its right to Service Credits.',
        '7.7 Service Credits are a price adjustment reflecting the reduced value of the Maintenance Services and are not an estimate of the loss that the Authority may suffer. Service Credits shall not exceed, in aggregate, twelve per cent of the Maintenance Charges payable for the relevant month.',
    ]),
    ('8. CHARGES AND PAYMENT', [
        '8.1 In consideration of the performance of its obligations the Supplier shall be entitled to the Charges set out in Schedule C, which are exclusive of value added tax and inclusive of all other costs, including travel, accommodation, equipment hire and consumables.',
        '8.2 The Equipment Charges and Installation Charges for each Site shall be invoiced as follows: forty per cent on delivery of the Equipment to the Site, fifty per cent on Acceptance, and the remaining ten per cent on the first anniversary of Acceptance.',
        '8.3 Maintenance Charges shall be invoiced quarterly in arrears, starting with the quarter in which the first Acceptance Certificate is issued, and shall be apportioned on a daily basis for Sites accepted part-way through a quarter.',
        '8.4 Each invoice shall quote the relevant Purchase Order or Milestone number, shall be addressed to the Authority\'s accounts payable team at Authority House, and shall be supported by such evidence as the Authority may reasonably require.',
        '8.5 The Authority shall pay each valid and undisputed invoice within thirty (30) days of receipt. If the Authority disputes any part of an invoice in good faith, it shall pay the undisputed part and notify the Supplier of the reasons for the dispute, which shall be resolved under Clause 21.',
        '8.6 If the Authority fails to pay any undisputed amount by the due date, the Supplier may charge interest on the overdue amount at the rate of 1.75 percent per month, accruing daily from the due date until payment is made in full.',
        '8.7 The Authority may set off against the Charges any amount owed to it by the Supplier under this Agreement, including Service Credits and liquidated damages for delay under Part 1 of Schedule D.',
    ]),
    ('9. PRICE ADJUSTMENT', [
        '9.1 The Maintenance Charges shall remain fixed until the end of the second Contract Year. Thereafter they shall be adjusted on each anniversary of the Effective Date by the percentage change in the Estmarch Producer Price Index for Instrumentation (series EPPI-7) over the twelve months ending in the preceding December.',
        '9.2 No adjustment under Clause 9.1 shall exceed four per cent in any single Contract Year, and no adjustment shall reduce the Maintenance Charges below the level set out in Schedule C.',
        '9.3 The Equipment Charges for Purchase Orders issued after the end of the third Contract Year may be adjusted once by agreement, having regard to the Supplier\'s published list prices, but shall in no case exceed the prices it offers to any comparable public body in the Commonwealth.',
        '9.4 If the index in Clause 9.1 ceases to be published, the parties shall agree a replacement index which most closely reflects the cost of maintaining instrumentation; failing agreement, the replacement shall be chosen by an independent economist appointed by the President of the Estmarch Chamber of Arbitration.',
    ]),
    ('10. WARRANTIES', [
        '10.1 The Supplier warrants that the Equipment shall be new, of satisfactory quality, fit for the purpose described in Schedule A, and free from defects in design, materials and workmanship for a period of thirty-six (36) months from the date of Acceptance of the Site at which it is installed.',
        '10.2 If any Equipment fails to conform to the warranty in Clause 10.1, the Supplier shall, at its option and cost, repair or replace it within the repair times set out in Schedule B. Replacement items shall be warranted for the unexpired part of the original warranty period or twelve months, whichever is longer.',
        '10.3 The Supplier warrants that the Software shall perform materially in accordance with its documentation, that it has been scanned for malicious code using up-to-date tools, and that it does not contain any time lock, licence key or other device which could disable the Equipment without the Authority\'s consent.',
        '10.4 The Supplier further warrants that it has full capacity and authority to enter into this Agreement, that it holds all licences and registrations required to perform it, and that the performance of the Services will not infringe the Intellectual Property Rights of any third party.',
        '10.5 The warranties in this Clause 10 are in addition to, and do not limit, the Service Levels and the Supplier\'s other obligations under this Agreement.',
    ]),
    ('11. INTELLECTUAL PROPERTY AND SOFTWARE LICENCE', [
        '11.1 All Intellectual Property Rights in the Authority Data, and in any report, map or dataset produced specifically for the Authority, shall vest in the Authority on creation. The Supplier hereby assigns to the Authority with full title guarantee all such rights which it may own.',
        '11.2 The Supplier retains all Intellectual Property Rights in the Software and in its pre-existing materials. The Supplier grants to the Authority a non-exclusive, perpetual, irrevocable, royalty-free licence to use, copy and configure the Software for the purposes of operating the Equipment and the flood warning service, including after the end of the Term.',
        '11.3 The Authority may sub-license the rights in Clause 11.2 to any contractor engaged to operate or maintain the Equipment on its behalf, provided that the contractor agrees to confidentiality obligations at least as strict as those in Clause 13.',
        '11.4 The Supplier shall supply, without additional charge, every update and new release of the Software which it makes generally available to its other customers during the Term, and shall install each security update within ten Business Days after its release.',
        '11.5 The Supplier shall ensure that Authority Data can be exported at any time from the TideView platform in an open, documented format, together with all metadata necessary to interpret it.',
    ]),
    ('12. SOURCE CODE ESCROW', [
        '12.1 Within sixty days after the Effective Date the Supplier shall deposit the Source Code with the Escrow Agent named in Schedule G under the Escrow Agreement, and shall thereafter update the deposit as described in that Schedule.',
        '12.2 The Authority shall be entitled to a release of the deposited Source Code on the occurrence of any of the release events listed in Schedule G, and may then use, copy and modify the Source Code solely for the purposes permitted by Clause 11.2.',
        '12.3 The fees of the Escrow Agent for the initial deposit and the annual fees shall be borne by the Supplier. The fees for any verification testing requested by the Authority shall be borne by the Authority unless the testing shows that the deposit is materially incomplete.',
    ]),
    ('13. CONFIDENTIALITY', [
        '13.1 Each party shall keep the other party\'s Confidential Information confidential and shall not use it except for the purposes of this Agreement, nor disclose it except to its own employees, advisers and subcontractors who need to know it and who are bound by equivalent obligations.',
        '13.2 Clause 13.1 shall not apply to information which is or becomes public other than through breach of this Agreement, which was lawfully in the possession of the receiving party before disclosure, which is independently developed, or which must be disclosed by law, by a court, or under the Commonwealth\'s rules on access to public information.',
        '13.3 The Supplier acknowledges that the Authority is subject to the Public Records and Information Act and may be required to disclose information concerning this Agreement. The Authority shall, where reasonably practicable, consult the Supplier before making any such disclosure.',
        '13.4 The obligations in this Clause 13 shall survive for five (5) years after the end of the Term, save in respect of Authority Data, for which they shall continue indefinitely.',
    ]),
    ('14. DATA PROTECTION AND SECURITY', [
        '14.1 The parties do not expect the Supplier to process personal data other than the contact details of Authority staff and of landowners at the Sites. To the extent that it does so, the Supplier shall process personal data only on the Authority\'s documented instructions and in compliance with the data protection laws of the Commonwealth.',
        '14.2 The Supplier shall host the TideView platform in data centres located within the Commonwealth, shall encrypt Authority Data in transit and at rest, and shall maintain a security certification of a standard agreed with the Authority throughout the Term.',
        '14.3 The Supplier shall notify the Authority without undue delay, and in any event within twenty-four hours, after becoming aware of any breach of security affecting Authority Data or the telemetry network.',
        '14.4 The Supplier shall permit the Authority, or an independent tester appointed by it, to carry out a penetration test of the TideView platform once in each Contract Year, on reasonable notice and at the Authority\'s cost.',
    ]),
    ('15. INSURANCE', [
        '15.1 The Supplier shall maintain in force with reputable insurers, from the Effective Date until six years after the end of the Term, the following insurances: (a) public liability insurance with a limit of not less than EMC 20,000,000 for each occurrence; (b) professional indemnity insurance with a limit of not less than EMC 5,000,000 for each claim and in the aggregate each year; (c) employer\'s liability insurance as required by law; and (d) insurance of the Equipment against all risks until Acceptance, for its full replacement value.',
        '15.2 The Supplier shall produce to the Authority, on request, certificates of insurance evidencing the policies in Clause 15.1 and the receipt for the current premium.',
        '15.3 The Supplier shall notify the Authority promptly if any of the insurances is cancelled, not renewed, or materially changed, and shall not do anything which might invalidate any of them.',
    ]),
    ('16. INDEMNITIES', [
        '16.1 The Supplier shall indemnify the Authority against all losses, damages, costs and expenses arising from: (a) death or personal injury caused by the negligence of the Supplier or its subcontractors; (b) damage to property caused by the Supplier\'s works; and (c) any claim that the Equipment or the Software infringes the Intellectual Property Rights of a third party.',
        '16.2 If a claim described in Clause 16.1(c) is made, the Supplier shall at its own cost either obtain for the Authority the right to continue using the affected item, or modify or replace it so that it no longer infringes without reducing its performance.',
        '16.3 A party seeking to rely on an indemnity shall notify the other party promptly of the claim, shall allow the indemnifying party to conduct the defence of the claim, and shall provide reasonable assistance at the indemnifying party\'s cost.',
    ]),
    ('17. LIMITATION OF LIABILITY', [
        '17.1 Nothing in this Agreement limits either party\'s liability for death or personal injury caused by its negligence, for fraud, for breach of Clause 13, or for any other liability which cannot be limited by law.',
        '17.2 Subject to Clause 17.1, the total liability of each party under or in connection with this Agreement in any Contract Year, whether in contract, tort or otherwise, shall not exceed one hundred and fifty per cent (150%) of the total Charges paid or payable in the twelve months preceding the event giving rise to the claim.',
        '17.3 Neither party shall be liable for any loss of profit, loss of revenue or any indirect or consequential loss. The parties agree that the following shall be recoverable as direct losses: the cost of procuring replacement monitoring equipment or services, additional operational costs incurred by the Authority in issuing flood warnings by alternative means, and the cost of restoring lost Authority Data.',
        '17.4 Service Credits shall count towards the limit in Clause 17.2, but the Supplier\'s liability under the indemnity in Clause 16.1(c) shall not.',
    ]),
    ('18. TERMINATION', [
        '18.1 The Authority may terminate this Agreement, in whole or in respect of one or more Sites, at any time for convenience by giving the Supplier not less than one hundred and twenty (120) days\' written notice.',
        '18.2 Either party may terminate this Agreement with immediate effect by written notice if the other party commits a material breach which is incapable of remedy, or which is capable of remedy but is not remedied within thirty days after written notice requiring it to be remedied.',
        '18.3 The Authority may terminate this Agreement with immediate effect by written notice if the Supplier becomes insolvent, makes an arrangement with its creditors, has an administrator or receiver appointed, or undergoes a change of control to which the Authority has not consented.',
        '18.4 The Authority may terminate this Agreement by written notice if Service Credits exceed the maximum in Clause 7.7 in any three months of a rolling twelve-month period, or if the remediation plan required under Clause 7.6 is not implemented on time.',
        '18.5 On termination for convenience, the Authority shall pay the Supplier the Charges due up to the date of termination, the cost of any Equipment already manufactured for the Authority and not capable of other use, and the reasonable demobilisation costs of the Supplier, but shall not be liable for any loss of anticipated profit.',
    ]),
    ('19. CONSEQUENCES OF TERMINATION AND EXIT', [
        '19.1 On termination or expiry the Supplier shall comply with the Exit Management Plan set out in Schedule H and shall cooperate fully with the Authority and any replacement supplier to ensure an orderly transfer of the Maintenance Services without interruption to the flood warning service.',
        '19.2 During the Exit Period the Supplier shall continue to meet the Service Levels and shall not, without the Authority\'s consent, make any change to the Software or to the configuration of the Equipment which would make the transfer more difficult.',
        '19.3 Within thirty days after the end of the Term the Supplier shall deliver to the Authority a complete export of the Authority Data, all Site records, calibration certificates and maintenance logs, and shall then securely delete any Authority Data in its possession, confirming the deletion in writing.',
        '19.4 Clauses 11, 12, 13, 15, 16, 17, 19, 21 and 22, together with any other provision intended to survive, shall survive termination or expiry of this Agreement.',
    ]),
    ('20. FORCE MAJEURE', [
        '20.1 Neither party shall be liable for failing, or being late, to perform an obligation because of an event beyond its reasonable control, including war, civil disturbance, epidemic, natural disaster other than river flooding, industrial action affecting a third party, or failure of a public electricity or telecommunications network (a Force Majeure Event). River flooding of any severity shall not be a Force Majeure Event, since the Equipment is intended to operate during floods.',
        '20.2 A party affected by a Force Majeure Event shall notify the other party promptly, shall use all reasonable endeavours to mitigate its effect, and shall resume performance as soon as possible.',
        '20.3 If a Force Majeure Event prevents the performance of a material obligation for ninety (90) consecutive days, either party may terminate this Agreement by written notice, and Clause 18.5 shall apply as if the Agreement had been terminated for convenience.',
    ]),
    ('21. DISPUTE RESOLUTION', [
        '21.1 Any dispute arising under or in relation to this Agreement shall first be referred to the Contract Managers, who shall meet within ten Business Days to try to resolve it.',
        '21.2 If the Contract Managers cannot resolve the dispute within twenty Business Days after it was referred to them, either party may refer it to the Authority\'s Director of Operations and the Supplier\'s Managing Director, who shall meet within a further ten Business Days.',
        '21.3 If the dispute remains unresolved, the parties shall attempt to settle it by mediation under the mediation procedure of the Estmarch Chamber of Arbitration before either of them commences arbitration, unless urgent interim relief is required.',
        '21.4 Any dispute not resolved by mediation within sixty days shall be finally resolved by arbitration under the Rules of the Estmarch Chamber of Arbitration by three arbitrators. The seat of arbitration shall be Port Ellery. The language of the arbitration shall be English, and the award shall be final and binding on the parties.',
        '21.5 Pending resolution of any dispute the Supplier shall continue to perform the Maintenance Services in full, and the Authority shall continue to pay the Charges which are not in dispute.',
    ]),
    ('22. GOVERNING LAW', [
        '22.1 The laws of the Commonwealth of Estmarch govern this Agreement and its interpretation, together with every dispute or claim that arises under or in relation to it, whether contractual or not.',
        '22.2 Without prejudice to Clause 21, the courts of the Commonwealth shall have jurisdiction to grant interim or protective relief.',
    ]),
    ('23. NON-SOLICITATION', [
        '23.1 Neither party shall, during the Term and for eighteen (18) months after its end, directly or indirectly solicit or entice away any employee of the other party who has been engaged in the performance of this Agreement, unless the other party has first agreed in writing.',
        '23.2 Clause 23.1 shall not prevent either party from employing any person who responds to a general advertisement not specifically directed at the other party\'s employees, nor shall it apply to any transfer of staff which takes place under the Exit Management Plan.',
    ]),
    ('24. SUBCONTRACTING', [
        '24.1 The Supplier shall not subcontract any of its obligations without the Authority\'s prior written consent. The Authority consents to the appointment of Marrowfield Civil Works Limited to carry out the installation of buoy moorings and bank anchorages, and to no other subcontract at the date of this Agreement.',
        '24.2 The Supplier shall remain responsible for the acts and omissions of its subcontractors as if they were its own, and shall ensure that every subcontract contains provisions equivalent to Clauses 13, 14, 23 and 27.',
        '24.3 The Supplier shall pay its subcontractors within thirty days after receipt of a valid invoice and shall require each subcontractor to do the same in any further subcontract.',
    ]),
    ('25. ASSIGNMENT', [
        '25.1 The Supplier shall not assign, transfer or otherwise deal with any right or obligation it has under this Agreement unless the Authority has first consented in writing.',
        '25.2 The Authority may assign or novate this Agreement to any other public body which succeeds to its flood warning functions, on written notice to the Supplier.',
    ]),
    ('26. NOTICES', [
        '26.1 Every notice given under this Agreement must be written, and must be delivered by hand, sent by recorded delivery, or sent by email to the address of the recipient set out below, or such other address as the recipient may notify.',
        '26.2 Notices to the Supplier shall be sent to Quay House, 41 Saltmarket Street, Dunmarrow, marked for the attention of the Managing Director, with a copy by email to contracts@harrowgate-tidal.example. Notices to the Authority shall be sent to Authority House, Meadgate, Lisscombe, marked for the attention of the Head of Procurement, with a copy by email to legal@corvane-water.example.',
        '26.3 A notice delivered by hand is received on delivery; a notice sent by recorded delivery is received at 9.00 a.m. on the second Business Day after posting; a notice sent by email is received at the time of transmission, or, if that is outside business hours, at 9.00 a.m. on the next Business Day. A notice of a claim or dispute may not be given by email alone.',
    ]),
    ('27. RECORDS AND AUDIT', [
        '27.1 The Supplier shall keep full and accurate records relating to this Agreement, including time sheets of field engineers, calibration certificates and all invoices from subcontractors, for six years after the end of the Term.',
        '27.2 The Authority, its internal auditors and the Auditor-General of the Commonwealth may inspect and copy those records on reasonable notice during business hours, and the Supplier shall provide reasonable assistance at its own cost.',
        '27.3 If an audit reveals an overcharge of more than three per cent in any period audited, the Supplier shall repay the overcharge with interest and shall reimburse the reasonable cost of the audit.',
    ]),
    ('28. ETHICAL CONDUCT', [
        '28.1 The Supplier shall comply with the Commonwealth\'s laws against bribery and corruption, shall not offer any gift or hospitality to any employee of the Authority other than items of trivial value, and shall maintain adequate procedures to prevent bribery by persons acting on its behalf.',
        '28.2 The Supplier shall ensure that no forced, compulsory or child labour is used in the manufacture of the Equipment or in its supply chain, and shall provide on request a statement of the steps it has taken to verify this.',
        '28.3 Breach of this Clause 28 shall be a material breach which is incapable of remedy.',
    ]),
    ('29. GENERAL', [
        '29.1 This Agreement, together with its Schedules, constitutes the entire agreement between the parties and supersedes all prior negotiations, representations and understandings, save that nothing in this Clause limits liability for fraudulent misrepresentation.',
        '29.2 In case of conflict, the Clauses of this Agreement prevail over the Schedules, and the Schedules prevail over any Purchase Order or Supplier document.',
        '29.3 No variation of this Agreement shall be effective unless it is made under the Change Control Procedure and signed by the authorised representatives of both parties.',
        '29.4 If any provision of this Agreement is found to be invalid or unenforceable, it shall be deemed modified to the minimum extent necessary to make it valid, and the remaining provisions shall not be affected.',
        '29.5 A failure or delay in exercising any right shall not operate as a waiver of it. A waiver of any breach shall not be treated as a waiver of any later breach.',
        '29.6 Nothing in this Agreement creates a partnership, joint venture or agency between the parties. No person other than the parties shall have any right to enforce any of its terms.',
        '29.7 This Agreement may be signed in several counterparts; each signed copy is an original, and together they form a single agreement.',
    ]),
]

LEGAL_EQUIPMENT = [
    ('Sentinel S4 river-level buoy', 'S4', 'A moored buoy which measures water level by pressure and radar, water temperature and surface velocity, and reports every five minutes (every minute during a flood warning).',
     [('Measurement range', '0 to 12 m above the mooring datum'), ('Level accuracy', 'plus or minus 4 mm'), ('Battery autonomy without sun', '21 days'), ('Hull', 'closed-cell polyethylene, high-visibility yellow'), ('Design life', '15 years')]),
    ('Gauge Mast M2', 'M2', 'A bank-mounted mast carrying a downward-looking radar level sensor, a rain gauge and a camera which takes a still image of the channel every fifteen minutes.',
     [('Mast height', '4.5 m, hinged for maintenance'), ('Radar range', 'up to 20 m'), ('Rain gauge', 'tipping bucket, 0.2 mm resolution'), ('Camera', 'day and night, 8 megapixel'), ('Design life', '20 years')]),
    ('Relay Node R9', 'R9', 'A solar-powered radio relay which forwards readings from buoys and masts to the telemetry network where no mobile coverage is available.',
     [('Radio band', 'licensed 458 MHz telemetry band'), ('Range', 'up to 18 km line of sight'), ('Store-and-forward memory', '30 days of readings'), ('Enclosure rating', 'fully submersible to 1 m for 72 hours'), ('Design life', '12 years')]),
    ('Solar Power Unit P3', 'P3', 'A panel, charge controller and lithium iron phosphate battery pack for masts and relay nodes.',
     [('Panel output', '120 W peak'), ('Battery capacity', '200 Ah'), ('Low-voltage alarm', 'sent to TideView at 20 per cent charge'), ('Mounting', 'mast clamp or ground frame'), ('Design life', '10 years, battery 8 years')]),
    ('Mooring Kit K1', 'K1', 'A chain, swivel, sinker and riser assembly designed for the Sentinel S4 in rivers with soft beds.',
     [('Sinker mass', '450 kg concrete or 300 kg cast iron'), ('Chain', '16 mm galvanised, length to suit'), ('Maximum current', '3.5 m/s'), ('Inspection interval', 'every preventive maintenance visit'), ('Design life', '8 years')]),
    ('Mooring Kit K2', 'K2', 'A pile-mounted guide and sliding collar for the Sentinel S4 where the river bed is rock or the current is too strong for a chain mooring.',
     [('Pile', 'steel, driven or grouted, 273 mm diameter'), ('Collar travel', 'full measurement range'), ('Maximum current', '5 m/s'), ('Debris guard', 'stainless steel deflector upstream'), ('Design life', '25 years')]),
]

LEGAL_SITE_NAMES = [
    'Brennick Weir', 'Cold Harbour Lock', 'Ashby Fleet', 'Tollen Bridge', 'Sedgecombe Reach', 'Fairlop Sluice',
    'Marden Ings', 'Whistlecross', 'Orrin Mouth', 'Kelda Falls', "Hobb's Ferry", 'Greyling Pool',
    'Heronsgill Island', 'Saltreed Cut', 'Upper Corvane Gauge', 'Lower Corvane Gauge', 'Dunnock Meadows',
    'Pelling Staithe', 'Rookby Gauge', 'Thistledown Weir', 'Vennick Narrows', 'Highmere Outfall', 'Carrack End', 'Stonyford',
]
LEGAL_RIVERS = ['the River Corvane', 'the Ashbrook', 'Tollen Water', 'the River Marden', 'Kelda Beck', 'the Orrin']
LEGAL_FIRST = ['Agnes', 'Bertil', 'Calla', 'Dorian', 'Elspeth', 'Fenwick', 'Greta', 'Hamish', 'Ines', 'Jory', 'Kirsi',
               'Lorcan', 'Maud', 'Niall', 'Orla', 'Piet', 'Rhona', 'Silas', 'Tamsin', 'Ulric', 'Vesna', 'Wilmer']
LEGAL_LAST = ['Ambersley', 'Brackwater', 'Coldbeck', 'Dunstall', 'Eversholt', 'Fallowby', 'Garside', 'Hollinshead',
              'Illingworth', 'Jessop-Rae', 'Kettleby', 'Lowthorpe', 'Mossgrove', 'Nettlefold', 'Ormesby', 'Pennicott',
              'Quarrendon', 'Ridsdale', 'Sowerby', 'Thackwray']
LEGAL_ACCESS = [
    'Vehicle access is by the farm track from the Lisscombe road; the gate is locked and the key is held by the landowner.',
    'Access is on foot along the towpath for about 400 metres from the public car park; equipment heavier than 25 kg must be carried on a trolley.',
    'The Site is inside the Authority\'s own compound and the Supplier shall collect a site pass from the control room before entry.',
    'Access is through a private garden by written agreement with the householder, and only between 8.00 a.m. and 6.00 p.m.',
    'A four-wheel-drive vehicle is needed to reach the bank in wet weather because the track crosses a water meadow.',
    'Access is from the road bridge parapet using a mobile elevating work platform, which requires a lane closure booked with the highways office.',
    'The Site lies within a nature reserve and the warden must be told at least two Business Days before each visit.',
    'Vehicles may park in the lay-by on the county road and the Site is reached by a short flight of steps down the embankment.',
]
LEGAL_NOTES = [
    'The record flood level at this location was reached in the winter of 2013, and the mast foundation must stand clear of that level by at least one metre.',
    'Heavy debris passes this Site during spates, so the upstream debris guard shall be inspected after every flood warning.',
    'Mobile coverage is unreliable, and readings shall be routed through a Relay Node R9 as the primary path.',
    'The channel is used by canoeists, and the buoy shall carry a reflective marker visible from 100 metres upstream.',
    'Ice forms on the margins in hard winters; the mooring riser shall be fitted with an ice collar.',
    'The gauge board installed by the Authority shall remain in place and shall be photographed at each preventive visit as a cross-check.',
    'The bank here is soft clay and prone to slumping, so no excavation deeper than 0.6 metres is permitted without a geotechnical check.',
    'Cattle graze the adjacent field and the mast shall be protected by a stock-proof fence with a lockable gate.',
    'The Site is overlooked by houses; the camera shall be configured with privacy masking of the far bank.',
]


def _legal_sites(rng: random.Random) -> list[str]:
    out = []
    classes = ['Class 1', 'Class 2', 'Class 3']
    windows = ['Monday to Friday, 7.00 a.m. to 7.00 p.m.', 'any day, 6.00 a.m. to 10.00 p.m.', 'Monday to Saturday, 8.00 a.m. to 5.00 p.m.',
               'weekdays only, outside the morning school run', 'any day in daylight hours']
    for i, name in enumerate(LEGAL_SITE_NAMES):
        code = f'CB-{i + 1:02d}'
        river = cycle_pick(LEGAL_RIVERS, i * 5 + 1)
        s4 = 1 + (i * 7) % 3
        m2 = 1 if i % 4 else 2
        r9 = (i * 3) % 2
        cls = classes[(i * 2) % 3] if i % 5 else 'Class 1'
        liaison = f'{cycle_pick(LEGAL_FIRST, i * 3 + 2)} {cycle_pick(LEGAL_LAST, i * 7 + 5)}'
        east, north = 412_300 + i * 1_870 + rng.randrange(0, 900), 286_400 + ((i * 4_337) % 19_000)
        if name == 'Heronsgill Island':
            access = ('This is the only Site that can be reached solely by boat. The Supplier shall use the Authority\'s launch from the slipway at '
                      'Greyling Pool, crewed by two persons holding inland waters boat-handling certificates, and no visit shall be made when the '
                      'river is above the amber trigger level at the Upper Corvane Gauge.')
        else:
            access = cycle_pick(LEGAL_ACCESS, i * 3 + 1)
        note = cycle_pick(LEGAL_NOTES, i * 2 + (i // 9))
        items = [f'{s4} Sentinel S4 buoy' + ('s' if s4 > 1 else ''), f'{m2} Gauge Mast M2' + ('s' if m2 > 1 else '')]
        if r9: items.append('1 Relay Node R9')
        out.append(paras(
            f'Site {code}: {name}',
            f'Location: on {river}, national grid reference {east} E, {north} N. Service class: {cls}. Permitted working hours: {cycle_pick(windows, i).rstrip(".")}.',
            f'Equipment to be installed: {", ".join(items)}, with one Solar Power Unit P3 for each mast' + (' and relay node' if r9 else '') +
            f'. Mooring type: {"Mooring Kit K2" if i % 6 == 2 else "Mooring Kit K1"}.',
            f'Access: {access}',
            f'Particular requirements: {note}',
            f'Local liaison: {liaison}, who shall be given a copy of the method statement for each visit.',
        ))
    return out


def _legal_price_table() -> str:
    rows = [('Sentinel S4 river-level buoy', 18_450, 2_980, 1_310), ('Gauge Mast M2', 22_700, 4_150, 1_540),
            ('Relay Node R9', 9_820, 1_760, 690), ('Solar Power Unit P3', 3_940, 610, 240), ('Mooring Kit K1', 2_870, 1_920, 310),
            ('Mooring Kit K2', 6_350, 7_480, 280), ('TideView platform (per Site connected)', 0, 850, 1_120)]
    lines = ['Item | Equipment Charge (EMC per unit) | Installation Charge (EMC per unit) | Annual Maintenance Charge (EMC per unit)']
    for name, e, inst, m in rows: lines.append(f'{name} | {money(e)} | {money(inst)} | {money(m)}')
    return '\n'.join(lines)


def build_legal() -> dict:
    rng = random.Random(20270301)
    head = paras(
        'MASTER SUPPLY, INSTALLATION AND MAINTENANCE AGREEMENT',
        'for the Corvane Basin River-Level Monitoring Network',
        'THIS AGREEMENT is made on 3 February 2027',
        'BETWEEN:',
        '(1) CORVANE BASIN WATER AUTHORITY, a statutory body constituted under the Corvane Basin Waters Act 2009, whose principal office is at Authority House, Meadgate, Lisscombe (the "Authority"); and',
        '(2) HARROWGATE TIDAL INSTRUMENTS LIMITED, a company incorporated in the Commonwealth of Estmarch with registered number 0488213, whose registered office is at Quay House, 41 Saltmarket Street, Dunmarrow (the "Supplier").',
        'BACKGROUND',
        '(A) The Authority is responsible for the forecasting of river floods and the issue of flood warnings in the Corvane Basin, which covers approximately 2,140 square kilometres and contains eleven towns at significant risk of river flooding.',
        '(B) Following the floods of the winter of 2025, the Authority resolved to replace its ageing network of stilling-well gauges with a modern network of moored buoys and bank-mounted masts reporting in near real time.',
        '(C) After a competitive procurement conducted under the Public Contracts Regulations of the Commonwealth, the Authority selected the Supplier to design, supply, install and maintain that network.',
        '(D) The parties have agreed to enter into this Agreement on the terms set out below.',
        'IT IS AGREED as follows:',
        '1. DEFINITIONS AND INTERPRETATION',
        '1.1 In this Agreement the following words and expressions have the following meanings unless the context requires otherwise:',
    )
    defs = '\n\n'.join(f'"{term}" means {meaning};' for term, meaning in LEGAL_DEFINITIONS)
    interp = paras(
        '1.2 In this Agreement: (a) clause and schedule headings do not affect its interpretation; (b) a reference to a statute includes any subordinate legislation made under it and any amendment or re-enactment of it; (c) words in the singular include the plural and vice versa; (d) the words "including" and "include" are illustrative and do not limit the sense of the preceding words; (e) a reference to writing includes email, except where expressly stated otherwise.',
        '1.3 The Schedules form part of this Agreement and have effect as if set out in full in its body. Any reference to this Agreement includes the Schedules.',
        '1.4 Where this Agreement requires the Authority\'s consent or approval, that consent or approval shall be given in writing by its Contract Manager or by a person authorised by its Director of Operations.',
    )
    body = '\n\n'.join(paras(title, *ps) for title, ps in LEGAL_ARTICLES)
    signature = paras(
        'This Agreement has been entered into on the date stated at the beginning of it.',
        'Signed for and on behalf of CORVANE BASIN WATER AUTHORITY by Perpetua Hallam-Drewe, Chief Executive, in the presence of a witness.',
        'Signed for and on behalf of HARROWGATE TIDAL INSTRUMENTS LIMITED by Casimir Oldroyd, Managing Director, in the presence of a witness.',
    )
    sched_a = [paras('SCHEDULE A: EQUIPMENT SPECIFICATION',
                     'Part 1: Quantities for the initial network',
                     'The initial network comprises the Equipment listed against each Site in Schedule B. The Supplier shall in addition deliver to the Authority\'s central store, as operational spares, two Sentinel S4 buoys, one Gauge Mast M2 (without foundation), two Relay Nodes R9 and four Solar Power Units P3.',
                     'Part 2: Technical requirements by item')]
    for name, code, desc, specs in LEGAL_EQUIPMENT:
        sched_a.append(paras(f'Item {code}: {name}', desc, '; '.join(f'{k}: {v}' for k, v in specs) + '.'))
    sched_a.append(paras(
        'Part 3: General requirements',
        'All Equipment shall operate across an air temperature range of minus 25 to plus 45 degrees Celsius, shall be protected against lightning to the standard required by the Authority\'s electrical safety rules, and shall carry an asset label bearing the Authority\'s asset number in a format supplied by the Authority.',
        'All readings shall be time-stamped at source using satellite time, stored locally for at least thirty days, and transmitted to the TideView platform and, in parallel, to the Authority\'s own telemetry server at Tarn Road, so that the loss of either system does not interrupt the flood warning service.',
    ))
    sched_b = [paras(
        'SCHEDULE B: SITES AND SERVICE LEVELS',
        'Part 1: Service Levels',
        'Availability: for each Site, the proportion of scheduled readings received by the TideView platform in a month shall be not less than 99.0 per cent for Class 1 Sites, 98.0 per cent for Class 2 Sites and 96.5 per cent for Class 3 Sites.',
        'Response: a field engineer shall attend a Priority 1 fault within four hours at a Class 1 Site and within eight hours elsewhere; a Priority 2 fault within two Business Days; and a Priority 3 fault at the next preventive maintenance visit or within twenty Business Days, whichever is sooner.',
        'Repair: a Priority 1 fault shall be repaired, or a temporary substitute installed, within twenty-four hours of the fault being logged; a Priority 2 fault within five Business Days.',
        'Part 2: The Sites',
        'The Sites, the Equipment to be installed at each, and the particular requirements for each, are as follows. Grid references are approximate and shall be confirmed by the survey under Clause 5.2.')]
    sched_b += _legal_sites(rng)
    sched_b.append(paras(
        'Part 3: Consents to be obtained by the Authority',
        'The Authority shall obtain the flood defence consents for works within eight metres of a main river bank, the navigation authority\'s consent for buoys in navigable channels, and the landowner agreements for the Sites listed in Part 2, and shall provide copies to the Supplier before issuing the relevant Commencement Notice.',
        'Part 4: Service Credits',
        'For each Site and each month, the Service Credit shall be two per cent of the monthly Maintenance Charges for that Site for every 0.5 percentage point, or part of it, by which availability falls below the Service Level, plus one per cent of those charges for every Priority 1 fault not attended within the response time. The aggregate cap in Clause 7.7 applies.',
    ))
    sched_c = paras(
        'SCHEDULE C: CHARGES',
        'Part 1: Unit prices',
        _legal_price_table(),
        'Part 2: Fixed charges',
        'Project management, design and surveys for the initial network: EMC 386,000, invoiced in four equal instalments on completion of Milestones 1, 3, 5 and 7. Training of Authority staff (four courses of two days each): EMC 24,800. Help desk operation: included in the Annual Maintenance Charges.',
        'Part 3: Day rates for additional work ordered under the Change Control Procedure',
        'Field engineer: EMC 780 per day. Senior hydrometric engineer: EMC 1,140 per day. Software developer: EMC 960 per day. Boat crew of two with launch: EMC 1,420 per day. Out-of-hours call-out supplement: 50 per cent.',
    )
    sched_d = paras(
        'SCHEDULE D: IMPLEMENTATION PLAN',
        'Part 1: Milestones',
        'Milestone 1: Detailed design of the network approved by the Authority; completion date 30 April 2027.',
        'Milestone 2: Factory acceptance of the first production batch of Sentinel S4 buoys; completion date 15 June 2027.',
        'Milestone 3: Sites CB-01 to CB-08 accepted; completion date 30 September 2027, before the first Flood Season.',
        'Milestone 4: TideView platform live, with the interface to the Tarn Road telemetry server tested end to end; completion date 29 October 2027.',
        'Milestone 5: Sites CB-09 to CB-16 accepted; completion date 28 April 2028.',
        'Milestone 6: Training of Authority staff completed; completion date 30 June 2028.',
        'Milestone 7: Sites CB-17 to CB-24 accepted; completion date 29 September 2028.',
        'Milestone 8: Decommissioning of the old stilling-well gauges completed and their sites restored; completion date 15 December 2028.',
        'Liquidated damages: if Milestone 3, 5 or 7 is not achieved by its completion date, the Supplier shall pay EMC 1,500 for each Site not accepted for each day of delay, up to a maximum of ten per cent of the Charges for the Sites concerned. The parties agree that this is a genuine pre-estimate of the Authority\'s additional costs of maintaining the old network.',
        'Part 2: Acceptance Test procedure',
        'The calibration check shall compare the level reported by each sensor against a level taken by a surveyor from the nearest benchmark at three different river stages where practicable, and the difference shall not exceed the level accuracy stated in Schedule A. The alarm threshold test shall raise each threshold artificially and confirm that the alarm reaches the Authority\'s duty officer within two minutes. The telemetry failover test shall disconnect the primary path and confirm that readings continue by the secondary path.',
        'Part 3: Form of Acceptance Certificate',
        'ACCEPTANCE CERTIFICATE. Site: [code and name]. The Authority certifies that the Equipment listed in the attached inventory has passed the Acceptance Tests on [date], subject to the minor defects listed in the attachment, which the Supplier shall remedy within twenty Business Days. Signed for the Authority: [name, position, date].',
    )
    sched_e = paras(
        'SCHEDULE E: KEY PERSONNEL',
        'The following individuals are Key Personnel for the periods stated.',
        'For the Supplier: Project Director, Odile Varnholt, from the Effective Date until the completion of Milestone 8; Lead Hydrometric Engineer, Tobiah Welland-Croft, from the Effective Date until the end of the second Contract Year; Software and Telemetry Manager, Yusra Penhallow, throughout the Term; Health and Safety Adviser, Gideon Marlowe-Sykes, from the Effective Date until the completion of Milestone 7.',
        'For the Authority: Contract Manager, Briony Aldenshaw; Hydrometry Team Leader, Emrys Tolland; Control Room Manager, Saoirse Quennell.',
        'Each of the Supplier\'s Key Personnel shall devote such time to this Agreement as is needed to perform it properly, and in the case of the Project Director not less than three days in each week until Milestone 7.',
    )
    sched_f = paras(
        'SCHEDULE F: CHANGE CONTROL PROCEDURE',
        '1. Either party may propose a Change by sending a Change Request to the other party\'s Contract Manager. A Change Request shall describe the proposed Change, the reason for it, and the date by which it is needed.',
        '2. Within ten Business Days after receiving or issuing a Change Request, the Supplier shall provide an impact assessment stating the effect of the Change on the Equipment, the Services, the Service Levels, the Milestones and the Charges, calculated using the unit prices and day rates in Schedule C wherever they apply.',
        '3. The Authority shall accept or reject the impact assessment within ten Business Days. A Change shall take effect only when a Change Note has been signed by both Contract Managers and, where the Change increases the Charges by more than EMC 100,000, by the Authority\'s Director of Operations.',
        '4. The Supplier shall not be entitled to any increase in the Charges for work carried out before a Change Note has been signed, except for emergency work instructed in writing by the Authority\'s duty officer during a flood warning, which shall be valued at the day rates in Schedule C.',
        '5. The Supplier shall maintain a register of all Change Requests and Change Notes and shall include it in the monthly service report.',
    )
    sched_g = paras(
        'SCHEDULE G: SOURCE CODE ESCROW',
        '1. Escrow Agent. The Escrow Agent is Lindqvar Escrow Services, of 7 Bellhouse Yard, Lisscombe, or any successor agreed by the parties.',
        '2. Deposits. The Supplier shall make a full deposit of the Source Code within the period stated in Clause 12.1, and a further full deposit within thirty days after each major release of the Software and in any event at least once in each quarter. Each deposit shall be accompanied by a list of its contents and the build instructions.',
        '3. Verification. The Authority may ask the Escrow Agent, once in each Contract Year, to verify that a deposit can be built into working firmware and a working TideView platform on a clean environment.',
        '4. Release events. The Escrow Agent shall release the latest deposit to the Authority if the Supplier becomes insolvent or ceases to carry on business; if the Supplier stops supporting the Software while the Equipment is in service; if the Agreement is terminated for the Supplier\'s material breach; or if the Supplier fails to remedy a Priority 1 fault caused by the Software within ten Business Days after written notice.',
        '5. Costs. The fees of the Escrow Agent are payable as stated in Clause 12.3.',
    )
    sched_h = paras(
        'SCHEDULE H: EXIT MANAGEMENT PLAN',
        '1. Within six months after the Effective Date the Supplier shall deliver a detailed Exit Management Plan consistent with this Schedule, and shall update it at least once each Contract Year.',
        '2. The plan shall include: an inventory of all Equipment, spares and consumables; the configuration of each Site; the calibration history; the procedure for transferring the telemetry help desk; a list of Supplier staff engaged wholly or mainly on the Agreement; and a timetable for knowledge transfer sessions with the replacement supplier.',
        '3. During the Exit Period the Supplier shall provide up to forty person-days of knowledge transfer without charge, and any further assistance at the day rates in Schedule C.',
        '4. The Supplier shall transfer to the Authority or its nominee all spare parts held under Clause 4.6 at their written-down book value, and shall assign any third-party maintenance contracts that relate exclusively to the Equipment.',
    )
    text = '\n\n'.join([head, defs, interp, body, signature] + sched_a + sched_b + [sched_c, sched_d, sched_e, sched_f, sched_g, sched_h])
    qs, ans = zip(*LEGAL_QA)
    return {'input': text, 'instructions': list(qs), 'outputs': list(ans), 'source': 'legal_contract_qa', 'evaluation': 'f1'}


# ==============================================================================================
# L-Eval 2: financial_qa -- a long fictional earnings-call transcript
# ==============================================================================================

FIN_QA = [
    ('What was Quillfeather\'s total revenue for the third quarter?', '$4.18 billion'),
    ('What is the name of the automated sorting hub that opened in August?', 'Gannet Reach'),
    ('How many electric vans does Quillfeather now operate?', '2,310 electric vans'),
    ('What was adjusted earnings per share for the quarter?', '$1.37'),
    ('What is the company\'s capital expenditure guidance for the full fiscal year?', '$610 million to $640 million'),
    ('To what amount was the quarterly dividend raised?', '$0.42 per share'),
    ('How large is the new share repurchase authorization?', '$750 million'),
    ('Which customer signed a seven-year contract logistics agreement?', 'Brightwater Home Goods'),
    ('What share of the increase in fuel costs was recovered through surcharges?', 'about 94 percent'),
    ('How long is the new labor agreement with the Parcel and Freight Workers\' Union?', 'a four-year agreement'),
    ('What share of group revenue comes from health care customers?', 'about eleven percent of group revenue'),
    ('On what date will the next investor day be held?', 'March 12, 2030'),
]

FIN_REGIONS = [
    ('Northern Plains', ['Harlow Junction', 'Brisk Falls'], 'we converted the Brisk Falls depot to a cross-dock for agricultural machinery parts, which is now running at full capacity through the harvest',
     'rail interchange delays at Harlow Junction added about a day to some linehaul lanes in July'),
    ('Lakeshore', ['Port Calder', 'Amberlin'], 'the Port Calder hub started handling overnight returns for three apparel customers, which fills capacity that used to sit idle between two and five in the morning',
     'the Amberlin building lease renewal came in higher than we planned, and we are looking at a move to a larger site in 2031'),
    ('Capital Corridor', ['Wexmoor', 'Tallis Green'], 'same-day volumes in the corridor grew faster than anywhere else in the network, led by pharmacy and office supply customers',
     'road works on the Tallis Green ring road cost us on-time points in September, and we rerouted about sixty routes to protect service'),
    ('Southern Gulf', ['Marisport', 'Delacroix Bend'], 'the cold-chain extension at Marisport is now certified for temperature-controlled medical shipments',
     'two storm closures in August took the Delacroix Bend facility offline for a combined fifty-one hours'),
    ('Mountain West', ['Cinder Pass', 'Eldergrove'], 'the new route planning software cut average stops-per-route variability by a fifth, which makes the days more predictable for drivers',
     'driver hiring remains tight in the resort towns, where we are competing with seasonal employers'),
    ('Pacific Coast', ['Sable Harbor', 'Norwin Flats'], 'our port drayage partnership at Sable Harbor moved its first full quarter of import containers directly into our parcel network',
     'wildfire smoke closures at Norwin Flats forced us to hold outbound trailers for several evenings in September'),
    ('Great Valley', ['Orchard Crossing', 'Millbrae Fork'], 'we added a second sort at Orchard Crossing, which lets us offer next-morning delivery to the valley towns for the first time',
     'produce season volumes were softer than last year, as one of our larger growers shifted to a direct-to-retailer model'),
    ('Eastern Seaboard', ['Kingsferry', 'Larchmont Quay'], 'the Kingsferry facility achieved our best-ever damage rate, with fewer than four claims per hundred thousand parcels',
     'congestion around the Larchmont Quay terminal meant higher overtime for our linehaul drivers'),
    ('Central Highlands', ['Tarrant Ridge', 'Copperwell'], 'we opened two small parcel lockers networks in university towns, with more than six hundred locker banks now live',
     'the Copperwell building needs a roof replacement, which we have scheduled for the first quarter to avoid peak'),
    ('Borderlands', ['Vistaro', 'Redmesa Gap'], 'the cross-border freight team cleared a record number of customs entries with an average dwell time under three hours',
     'a temporary change in inspection rules at the Redmesa Gap crossing slowed northbound freight for two weeks in July'),
]

FIN_SEGMENTS = [
    ('Parcel', 2_611, 6.8, 9.4, 'Volume per day rose to 5.9 million pieces, with business-to-consumer parcels growing faster than business-to-business.'),
    ('Freight', 842, 3.1, 7.2, 'Less-than-truckload tonnage per day was flat, but yield improved as we walked away from some low-margin lanes.'),
    ('Contract Logistics', 531, 15.9, 6.1, 'Growth came from new warehouse start-ups for home goods and health care customers, partly offset by start-up costs.'),
    ('International', 196, 12.4, 4.8, 'Cross-border e-commerce volumes recovered after a weak first half, and our air freight forwarding unit broke even.'),
]


def _fin_regions(rng: random.Random) -> str:
    parts = []
    openers = ['Starting with {r},', 'Moving to {r},', 'In {r},', 'Turning to {r},', 'Next, {r}:', 'Now to {r}.', 'In the {r} region,',
               'Looking at {r},', 'Over in {r},', 'Finally, in {r},']
    for i, (region, hubs, good, bad) in enumerate(FIN_REGIONS):
        vol = 2.0 + ((i * 37) % 71) / 10
        ot = 95.0 + ((i * 13) % 38) / 10
        cpp = -((i * 17) % 29) / 10 + 0.8
        heads = 1_450 + (i * 389) % 2_300
        routes = 610 + (i * 211) % 900
        cpp_txt = f'cost per piece fell {abs(cpp):.1f}%' if cpp < 0 else f'cost per piece rose {cpp:.1f}%'
        parts.append(
            f'{openers[i].format(r=region)} daily volume grew {vol:.1f}% year over year and on-time delivery was {ot:.1f}%, while {cpp_txt}. '
            f'The region runs {routes} daily delivery routes out of two main hubs, {hubs[0]} and {hubs[1]}, with about {heads:,} employees. '
            f'The highlight of the quarter is that {good}. The main challenge was that {bad}. '
            + cycle_pick([
                f'For the fourth quarter, the team in {region} is adding {12 + i * 3} seasonal routes and expects to hire about {80 + i * 25} temporary staff.',
                f'We expect {region} to handle roughly {1.1 + i * 0.13:.2f} million pieces on the busiest day of peak.',
                f'{hubs[0]} will run a Sunday sort from mid-November through the end of December.',
                f'We have {3 + i % 4} trailer pools pre-positioned in {region} for peak, compared with {2 + i % 3} last year.',
                f'Capital spending in {region} this year is focused on conveyor upgrades at {hubs[1]} and yard automation at {hubs[0]}.',
            ], i) + ' ' + FIN_REGION_LOCAL[i])
    return ' '.join(parts)


FIN_REGION_LOCAL = [
    'I also want to recognise the Brisk Falls team, which went the whole quarter without a single lost-time injury, and our regional general manager, Hollis Maybury, who is retiring after thirty-one years with the company.',
    'In the community, Lakeshore employees volunteered more than four thousand hours this quarter, much of it packing school supplies for the Amberlin county schools.',
    'We are also testing cargo bicycles in the historic centre of Tallis Green, where vans are restricted, and the early results on cost per stop are better than we expected.',
    'The Marisport team also trained two hundred drivers on hurricane procedures before the season, and it showed: we restarted service within twelve hours after each closure.',
    'Our driver apprenticeship with the Eldergrove community college graduated its first class of forty-four drivers, and every one of them accepted a job with us.',
    'We also installed shore-power connections for our yard tractors at Sable Harbor, which removes idling emissions from the terminal entirely.',
    'Our customer service team in the valley has been piloting a text message service that lets recipients redirect parcels to a neighbour, and redelivery attempts fell by a fifth.',
    'The Kingsferry facility is also the first building in our network to run entirely on power from its own rooftop solar array during summer weekdays.',
    'In the highlands we began a joint route with a regional bus company that carries parcels in the luggage bays of scheduled coaches to three remote villages.',
    'The Vistaro team also hosted our first cross-border logistics training day for small exporters, and fifty-eight businesses attended.',
]

FIN_VERTICALS = [
    ('health care', 'Revenue from health care customers grew fourteen percent, helped by the certification of our cold chain at Marisport and two new contracts with hospital groups. Pharmacy home delivery is now a daily product in nine of our ten regions, and the remaining region goes live in January. Our temperature excursion rate stayed below one in five thousand shipments.'),
    ('home goods', 'Home goods was our fastest-growing vertical in contract logistics. Bulky items such as furniture and mattresses are difficult to handle, and our two-person delivery service, which we expanded to forty new cities this year, is a real differentiator. Customers tell us that the proportion of furniture deliveries arriving undamaged is the number they care about most, and ours improved again this quarter.'),
    ('apparel', 'Apparel volumes were soft in the first half of the quarter but recovered strongly in September with the back-to-school season. Returns are a big part of this business, and our overnight returns processing at Port Calder now handles returned garments for three brands, which sort, inspect and restock them within forty-eight hours.'),
    ('electronics', 'Electronics customers continued to shift from air to ground for all but the highest-value shipments, which helps our parcel network. We launched a signature-on-delivery product with photo confirmation, and our claims for missing electronics fell by more than thirty percent compared with last year.'),
    ('automotive parts', 'Automotive parts is largely a business-to-business vertical for us, with early-morning delivery to repair shops. We added a pre-seven service in twenty-two metro areas during the quarter. The farm machinery cross-dock at Brisk Falls, which Dev mentioned, is a good example of how we adapt the network to the needs of a particular vertical.'),
    ('grocery and consumer goods', 'In grocery and consumer goods, we do not deliver fresh food, but we move a great deal of shelf-stable product between distribution centers and stores. This is a lower-margin business, and we have been disciplined about pricing. Volumes were broadly flat, but yield improved.'),
    ('marketplace sellers', 'Marketplace sellers are small businesses that sell through large online platforms. We serve them through our self-service shipping portal, which now has more than ninety thousand active accounts. As Rosalind said, pricing for the lightest parcels is very competitive, and we have focused the portal on sellers with heavier or more valuable items, where our service quality earns a fair price.'),
    ('industrial supplies', 'Industrial supplies grew modestly. Customers in this vertical value reliability and account management more than speed, and our renewal rate for the year to date is ninety-seven percent. We are piloting an on-site store service in which our staff manage small parts inventories inside customers\' factories.'),
    ('books and media', 'Books and media is a small and mature vertical for us, but a steady one. One publisher moved its entire distribution to us during the quarter after its previous provider closed a regional depot. Seasonal volumes for this vertical peak in November, slightly earlier than the rest of the network.'),
    ('sporting goods', 'Sporting goods was a bright spot, with strong summer demand for bicycles and outdoor equipment. Bicycles are awkward parcels, and the packaging guidance we developed with two manufacturers under the Lighter Loads plan reduced damage claims for bicycles by almost half.'),
]


FIN_FACILITIES = [
    ('the Fenmarch building', 'closed at the end of September, after its volume moved to the new hub; we are marketing the site for sale and expect to complete a sale next year'),
    ('the Port Calder returns center', 'added a third inspection line, which raises its daily capacity by about a third'),
    ('the Wexmoor headquarters campus', 'consolidated three office buildings into one, and the two buildings we vacated have been sublet'),
    ('the Cinder Pass mountain depot', 'was rebuilt after last winter\'s avalanche damage and reopened in July with heated loading bays'),
    ('the Orchard Crossing second sort', 'went live in June, as I mentioned, and is already running at its planned volume'),
    ('the Sable Harbor drayage yard', 'now has forty-eight electric yard tractor charging points, the largest installation in the company'),
    ('the Marisport cold-chain extension', 'passed its regulatory certification in August after a six-month validation program'),
    ('the Tarrant Ridge linehaul terminal', 'was expanded with thirty additional doors, which removes our main bottleneck in the highlands'),
    ('the Kingsferry rooftop solar array', 'completed its first full summer and generated more electricity than the building used on most weekdays'),
    ('the Millbrae Fork parcel depot', 'was relocated to a larger building two miles away, with no disruption to customers during the move'),
    ('the Vistaro customs bonded warehouse', 'received its renewed license, which allows us to store goods in transit without paying duty until they are released'),
    ('our vehicle maintenance workshops', 'are being retrained and re-equipped for electric vans, and eighteen of our thirty-two workshops are now certified to repair high-voltage systems'),
]


def _fin_facilities() -> str:
    links = ['First,', 'Second,', 'Third,', 'Next,', 'In addition,', 'Also,', 'Then,', 'Further,', 'Beyond that,', 'Separately,',
             'On top of that,', 'Last,']
    return ' '.join(f'{links[i]} {f} {t}.' for i, (f, t) in enumerate(FIN_FACILITIES))


def _fin_verticals() -> str:
    bridges = ['Let me start with {v}.', 'Next, {v}.', 'Turning to {v}.', 'In {v},', 'On {v}:', 'Then {v}.', 'Now {v}.',
               'Moving on to {v}.', 'In {v}, briefly:', 'And finally, {v}.']
    return ' '.join(f'{bridges[i].format(v=v)} {txt}' for i, (v, txt) in enumerate(FIN_VERTICALS))


def _fin_segments() -> str:
    out = []
    for name, rev, growth, margin, note in FIN_SEGMENTS:
        out.append(f'{name} revenue was ${rev:,} million, up {growth:.1f}%, with an adjusted operating margin of {margin:.1f}%. {note}')
    return ' '.join(out)


FIN_QANDA = [
    ('Tobias Wrenfield', 'Carrow & Stiles Securities',
     'Thanks, and congratulations on the quarter. Rosalind, I wanted to start with peak. You talked about the network being ready, but can you give us a sense of how much capacity headroom you have this year compared with last year, and whether you have agreed peak surcharges with your largest shippers?',
     'Rosalind Achterberg', 'Sure, Tobias. On capacity, with the new hub and the second sorts we have added, our peak-day sort capacity is about eleven percent higher than last year, while our forecast for peak-day volume is up around six percent. So we have more headroom than we have had since before the pandemic years. On surcharges, we have agreements in place with all of our top fifty customers. The structure is similar to last year: volume above an agreed allocation pays a surcharge, and we have kept the allocation mechanism because it worked. I would say the conversations were constructive. Customers value the predictability more than anything.'),
    ('Tobias Wrenfield', 'Carrow & Stiles Securities',
     'That is helpful. And a follow-up for Marisol on the cost side: how should we think about the start-up costs at the new hub rolling off?',
     'Marisol Tenbrook', 'Good question. We absorbed roughly $19 million of start-up and duplicate running costs in the third quarter, mainly from operating the old Fenmarch building alongside the new hub while we migrated volume. We expect around $8 million in the fourth quarter and essentially none after that. So that is a tailwind into next year, although some of it will be reinvested in training.'),
    ('Anneliese Moor', 'Blackfen Capital Markets',
     'Good morning. I wanted to ask about fuel. Diesel prices moved quite a bit during the quarter. How much of that did you actually recover, and is there a lag we should be thinking about in the fourth quarter?',
     'Marisol Tenbrook', 'Thanks, Anneliese. Our fuel surcharge tables reset weekly, with a two-week lag to the published index. In the quarter we recovered about 94 percent of the increase in fuel costs through surcharges, and the gap is mostly timing. If prices stay where they are today, the lag turns slightly positive in the fourth quarter. We also continue to reduce our exposure structurally, because every electric van that replaces a diesel van takes that route out of the fuel equation altogether.'),
    ('Anneliese Moor', 'Blackfen Capital Markets',
     'And on the electric fleet, are you still on track for the target you set at the last investor day?',
     'Dev Okafor-Lane', 'We are. We took delivery of about four hundred vans in the quarter, which brings us to the total Rosalind mentioned, and we have charging in place at forty-one depots. The constraint now is less the vehicles and more the grid connections at some of our older buildings. We have worked with the utilities to get upgrades scheduled, and we are piloting battery storage at two depots so we can charge overnight without waiting for the grid work.'),
    ('Jun Halvorsen', 'Pemberly Ridge Partners',
     'Hi, thanks for taking my question. On contract logistics, growth was very strong. Can you talk about the pipeline and whether the margin in that segment will move back toward your target as these new sites mature?',
     'Rosalind Achterberg', 'Yes. The pipeline is the strongest we have had. During the quarter we signed a seven-year contract with Brightwater Home Goods to run their national distribution center and their returns operation, which is the largest single contract logistics win in our history. We will start up that site in the spring. New sites typically run at a loss for the first two or three quarters and reach our target margin in the second year, so the segment margin will stay a little diluted while we are growing this quickly. That is a good problem to have.'),
    ('Jun Halvorsen', 'Pemberly Ridge Partners',
     'Understood. And is that contract capital intensive for you, or is the customer funding the automation?',
     'Marisol Tenbrook', 'It is a shared model. The customer owns the building and the racking, and we fund the automation and the systems, which we recover through the management fee over the contract term. The capital involved is included in the guidance range I gave, and the returns on it are well above our cost of capital.'),
    ('Keziah Obi', 'Northgate Lyle',
     'Thank you. I wanted to ask about labor. You mentioned the union agreement. Can you quantify the wage increases and how they compare with what you had assumed in your plan?',
     'Dev Okafor-Lane', 'Sure. In September our members ratified a four-year agreement with the Parcel and Freight Workers\' Union, covering about thirty-eight thousand employees. Wages rise by three and a half percent in the first year and three percent in each of the following years, which is very close to what we had assumed. The agreement also funds a new driver academy and introduces a more flexible shift pattern at our hubs for peak, which we think will help retention. Most importantly, it gives us labor peace through the period in which we are bringing most of our automation online.'),
    ('Keziah Obi', 'Northgate Lyle',
     'And does the agreement restrict how you can use the automation?',
     'Rosalind Achterberg', 'No. We agreed a process for consultation when we introduce new technology, and a commitment to retrain rather than lay off people whose jobs change. That is how we have always done it, so it codifies our practice rather than changing it.'),
    ('Ravi Castellan', 'Dunmore Equity Research',
     'Good morning. A question on pricing. Competitors have been fairly aggressive on rates for lighter parcels. Have you seen any share loss in the small-parcel segment, and how are you responding?',
     'Rosalind Achterberg', 'We have seen some very aggressive pricing from newer entrants in a few metro areas, mainly for lightweight parcels from marketplace sellers. We have chosen not to chase that volume where it does not make money. Our share in the segments we target, meaning larger retailers and health care, actually rose in the quarter. We would rather grow a little slower and protect yield, and the numbers this quarter show that the strategy is working.'),
    ('Ravi Castellan', 'Dunmore Equity Research',
     'Thanks. And on the balance sheet, with leverage where it is, how are you thinking about acquisitions versus buybacks?',
     'Marisol Tenbrook', 'Our net leverage ended the quarter at 1.6 times, which is at the bottom of our target range. Our first priority remains investing in the network, and the second is the dividend, which we have just raised. We look at acquisitions regularly, mainly small tuck-ins in contract logistics and cross-border, but we hold them to a high bar. The new repurchase program gives us flexibility to return excess cash when we do not find acquisitions that meet that bar.'),
    ('Sofia Lindgarde', 'Alder Point Advisors',
     'Hi. A question on the international segment. You said the forwarding unit broke even. What changed, and is that sustainable?',
     'Dev Okafor-Lane', 'Two things changed. We consolidated our air freight buying onto fewer carriers, which gave us better rates and more reliable space, and we moved the customs brokerage work into the same team, so customers now buy a single product. The improvement is structural rather than a one-off. The segment is still small, but it feeds volume into the parcel network on the inbound side, which is really why we like it.'),
    ('Sofia Lindgarde', 'Alder Point Advisors',
     'And are you seeing any impact from the tariff changes announced in August?',
     'Rosalind Achterberg', 'Very little so far. Some customers pulled shipments forward ahead of the changes, which helped the third quarter slightly and might take a little from the fourth. We do not see it as significant at the group level.'),
    ('Marcus Feld', 'Tamsin Brothers',
     'Thanks for squeezing me in. On the hub, can you talk about what productivity you are actually seeing versus the business case? And is it a model you would replicate elsewhere?',
     'Dev Okafor-Lane', 'It is early, but the numbers are encouraging. The hub is running at about eighty-two percent of its design throughput after eight weeks, which is ahead of where we expected to be. Labor hours per thousand parcels are down about a third compared with the building it replaced, and mis-sorts are down by more than half. We will replicate the design, and we have already started the planning for a second hub of the same type in the Capital Corridor, with a decision expected in the first half of next year.'),
    ('Marcus Feld', 'Tamsin Brothers',
     'Very clear. Last one from me: any change to the long-term margin target?',
     'Marisol Tenbrook', 'No change. We continue to target an adjusted operating margin of eleven to twelve percent by fiscal 2032, and this quarter keeps us on that path.'),
]


ROLES = {'Rosalind Achterberg': 'Chief Executive Officer', 'Marisol Tenbrook': 'Chief Financial Officer',
         'Dev Okafor-Lane': 'Chief Operating Officer', 'Imogen Castellow': 'Chief Commercial Officer'}

FIN_QANDA2 = [
    ('Hester Blom', 'Waycross Partners',
     'Good morning, and thanks for taking my question. Imogen, you mentioned the average contract length going up. Are customers asking for anything in return for committing for longer, for example price protection or service guarantees?',
     'Imogen Castellow', 'They are, and that is reasonable. Longer contracts usually come with an annual price adjustment linked to published wage and fuel indices, rather than a fixed price, so both sides share the risk. Some customers also ask for service guarantees with credits if we miss targets. We are comfortable offering those because our service is consistently strong, and the credits we have paid this year have been very small.'),
    ('Philippa Greaves', 'Oakhurst Securities',
     'Hi. I wanted to ask about technology spending. How much of the capital budget is going into software and data rather than buildings and vehicles, and what are you getting for it?',
     'Marisol Tenbrook', 'Roughly fifteen percent of this year\'s capital spending goes to technology, including the route planning system, our customer portal and the control systems for the new hub. We also spend on technology through operating expenses, mainly cloud services and our engineering team. The clearest return so far is from route planning, which has reduced miles driven per stop by about four percent across the network.'),
    ('Philippa Greaves', 'Oakhurst Securities',
     'And on data: are you monetizing the data you have about delivery patterns, or is that not part of the plan?',
     'Rosalind Achterberg', 'We use data to run the network better and to help our customers plan their inventory, and we do provide customers with analytics about their own shipments. We do not sell data about recipients, and we have no plans to. Trust is essential in this business.'),
    ('Leopold Verhagen', 'Cobalt Bay Research',
     'Thanks. On the freight segment, tonnage was flat. Is that the market, or is it the decision to exit lanes, and when do you expect volume growth to return?',
     'Dev Okafor-Lane', 'It is both. The industrial economy has been soft, and we also chose to exit about six percent of our lanes where we could not earn an acceptable return. If you exclude those lanes, tonnage grew a little under two percent. We expect the repricing to be complete by the end of the year, so the comparison gets easier from the second quarter of next year.'),
    ('Leopold Verhagen', 'Cobalt Bay Research',
     'And are you seeing any change in the competitive environment in freight, for example capacity leaving the market?',
     'Dev Okafor-Lane', 'Some smaller carriers have left, and rates have stabilized. We are not assuming a big recovery in our plan, but the market feels more rational than it did a year ago.'),
    ('Agatha Renwick', 'Fairhaven Global',
     'Good morning. Rosalind, you have been CEO for almost three years now. Looking back, what has turned out to be harder than you expected, and what has been easier?',
     'Rosalind Achterberg', 'That is a kind question. Harder than expected has been the physical infrastructure for electric vehicles: the vans arrived faster than the grid connections. Easier than expected has been getting our people behind automation. When we explained that no one would lose their job because of a new machine, and then kept that promise, the teams became the strongest advocates for the new hub. I think that trust is the most valuable thing we have built.'),
    ('Benedikt Sorell', 'Greystone & Pike',
     'Hi, thank you. Just on the fourth-quarter guidance: the implied range is fairly wide. What are the main swing factors between the bottom and the top?',
     'Marisol Tenbrook', 'The main swing factor is peak volume, particularly in the last two weeks before the holidays. Weather is the second, because a major storm in the wrong week can cost us a few days of productivity in a region. Fuel is the third, although surcharges protect us over time. We have set the range so that the midpoint reflects our central forecast for all three.'),
    ('Benedikt Sorell', 'Greystone & Pike',
     'And is there anything unusual in the tax rate or the share count we should consider for the fourth quarter?',
     'Marisol Tenbrook', 'Nothing unusual. The diluted share count at the end of the quarter was about 187 million, and we expect it to decline slightly with repurchases.'),
    ('Nadia Esterhuys', 'Kinloch Capital',
     'Thanks for taking my question. I wanted to ask about the returns side of the business more broadly. Retailers are trying to reduce returns. Is that a risk for you or an opportunity?',
     'Imogen Castellow', 'It is mostly an opportunity. Retailers want to process returns faster and more cheaply, and some want to stop sending them to central warehouses at all. We can collect returns, inspect them locally and send items straight back into stock or to a secondary market. Fewer returns overall would reduce some volume, but the value we add to each return is growing. Our returns revenue grew about twenty percent this quarter.'),
    ('Nadia Esterhuys', 'Kinloch Capital',
     'And how do the economics of returns compare with outbound parcels?',
     'Imogen Castellow', 'Returns pick-ups are less dense, so the cost per pick-up is higher, but they are priced accordingly, and when we add inspection and restocking the margin is comparable with our outbound parcel business.'),
    ('Ottilie Marchbank', 'Sedgewick Hale',
     'Thank you. I have a question on automation beyond the hubs. Are you looking at automating delivery itself, for example with robots or drones, or is that still too early?',
     'Dev Okafor-Lane', 'We are watching it closely and running small trials, but for the next few years the real productivity gains are in the buildings and in routing, not at the doorstep. We ran a three-month trial of sidewalk robots on a university campus, and it taught us a great deal about what recipients want, but the economics do not yet work at scale. Where we do see near-term value is in helping drivers, for example with vans that have better shelving and handheld devices that guide the driver to the right parcel at each stop.'),
    ('Ottilie Marchbank', 'Sedgewick Hale',
     'And what about autonomous trucks on the linehaul side?',
     'Dev Okafor-Lane', 'We are part of a pilot with a technology partner on two long, straight highway lanes, always with a safety driver in the cab. It is promising for the long term, but we do not include it in any of our financial plans.'),
    ('Florentyna Adebayo-Kerr', 'Harwick Street Advisors',
     'Good morning. I wanted to come back to the electric fleet. Can you share what the total cost of ownership looks like today for an electric van versus diesel, now that you have a few years of data?',
     'Dev Okafor-Lane', 'We can. On our urban routes, the total cost of ownership over eight years is now about twelve percent lower for an electric van than for a diesel van, including the charging infrastructure. The purchase price is still higher, but energy costs are much lower and maintenance costs are about forty percent lower, mainly because there are no oil changes and far less brake wear. On longer rural routes the advantage is smaller, which is why we are starting in cities.'),
    ('Florentyna Adebayo-Kerr', 'Harwick Street Advisors',
     'And are you seeing anything in battery degradation that worries you?',
     'Dev Okafor-Lane', 'Not so far. Our oldest electric vans are four years old, and their usable battery capacity is on average about ninety-two percent of new, which is better than the manufacturers projected. We will keep monitoring it carefully.'),
    ('Cornelius Ashby-Thorne', 'Pellam Securities',
     'Thank you. A question on health care, which came up several times. What share of revenue is health care today, and what does the margin profile look like compared with the group?',
     'Imogen Castellow', 'Health care is about eleven percent of group revenue, up from eight percent three years ago. Margins are above the group average, because the service requirements are demanding and customers value reliability very highly. It also brings steady, non-seasonal volume, which helps us use the network efficiently outside of peak.'),
    ('Cornelius Ashby-Thorne', 'Pellam Securities',
     'Is there any regulatory risk in handling medicines that we should be aware of?',
     'Rosalind Achterberg', 'Handling medicines is regulated, and it should be. We have invested in the certifications, the training and the auditing that it requires, and we are inspected regularly by regulators and by our customers. We see that as a barrier to entry that protects the business, rather than a risk, as long as we keep our standards high, which we will.'),
    ('Matthias Quennevaux', 'Lockhart Bridge Capital',
     'Hi, everyone. Just one from me. You raised the dividend by five cents. How do you think about the payout ratio over time?',
     'Marisol Tenbrook', 'Our policy is to grow the dividend broadly in line with earnings over time, with a payout ratio of around a third of adjusted earnings. This year we are a little below that, so the increase brings us closer to the policy. We will review it each year with the board.'),
    ('Rosamund Ekwueme', 'Tidewater Partners',
     'Thanks for taking the question. On international, you mentioned cross-border e-commerce. Which trade lanes are growing fastest, and is it mainly inbound or outbound?',
     'Dev Okafor-Lane', 'Mostly inbound, from overseas sellers to customers here, and the fastest-growing lanes are from the large manufacturing economies in Asia and from Europe for premium goods. Outbound is smaller but growing too, particularly for small exporters near the southern border, which is where the Vistaro team has been very active. For us the attraction of inbound cross-border is that we handle the parcel from customs clearance all the way to the doorstep.'),
    ('Barnaby Okonjo', 'Eastlake Research Group',
     'Thank you. I wanted to ask about the Lighter Loads plan. You said three hundred shippers have joined. Is there a financial benefit to Quillfeather, or is it mainly a sustainability program?',
     'Rosalind Achterberg', 'There is a real financial benefit, although it is hard to isolate precisely. Lighter and smaller packaging means more parcels fit into every trailer and every van, and our trailer fill rate has improved by about two points since the plan began. Part of that is due to Lighter Loads. It also strengthens relationships, because the shippers who join save money on packaging materials and on our dimensional pricing. So it is good for the environment, good for customers and good for us, which is why we intend to keep expanding it. Next year we will open it to shippers using the self-service portal, with automated packaging recommendations based on the items they ship most often.'),
    ('Barnaby Okonjo', 'Eastlake Research Group',
     'And a quick follow-up on cyber security, given the incidents we have seen at other transport companies this year. How are you protecting the network?',
     'Dev Okafor-Lane', 'We take it very seriously. Our hub control systems are separated from our office networks, we test our ability to run the network manually if our systems are unavailable, and we run exercises twice a year with an outside firm that tries to break in. We also increased our security spending by about a quarter this year. No system is perfectly safe, but we are confident that we could keep parcels moving even during a serious incident.'),
    ('Lucinda Farrow-Beck', 'Kestrel Point Capital',
     'Hi. Last question from me. With the new hub and the union agreement, how do you expect hub labor productivity to develop over the next two years?',
     'Dev Okafor-Lane', 'We expect hub labor hours per thousand parcels to fall by around six to eight percent a year across the whole network over the next two years, as the new hub reaches full speed, the second sorts mature and we complete the control system upgrades in our older buildings. Wage increases under the new agreement will offset part of that saving, but the net effect on cost per piece is clearly favorable.'),
    ('Caspian Mirelle', 'Threlkeld & Co.',
     'Good morning. Marisol, on free cash flow, can you walk us through how the year-to-date number compares with your original plan, and what a normal level of capital spending looks like once the current investment program is finished?',
     'Marisol Tenbrook', 'Year-to-date free cash flow is a little ahead of our original plan, mainly because of timing of vehicle payments, which will partly reverse. Once the current program is complete, we think a normal level of capital spending is about three and a half percent of revenue, compared with closer to four percent this year and last. That difference, together with growing earnings, is why we expect free cash flow to grow faster than earnings over the next three years.'),
    ('Caspian Mirelle', 'Threlkeld & Co.',
     'That is clear. And does that three and a half percent include the vehicle fleet or only facilities and technology?',
     'Marisol Tenbrook', 'It includes everything: vehicles, facilities and technology. Leases for buildings are separate, as they are recorded as right-of-use assets rather than capital spending.'),
    ('Wilhelmina Tarrow', 'Brackenridge Securities',
     'Hi, thanks. A question for Imogen on small and medium-sized businesses. You said you added account managers for mid-sized customers. Can you give us a sense of how big that customer group is and how fast it is growing?',
     'Imogen Castellow', 'Mid-sized customers, which we define as those spending between fifty thousand and two million dollars a year with us, account for about a fifth of our revenue. That group grew a little over ten percent this quarter, faster than our large accounts. They often outgrow the self-service portal and need help with things like returns, international shipping or warehousing. Giving them a named contact has improved our win rate in that group noticeably.'),
    ('Wilhelmina Tarrow', 'Brackenridge Securities',
     'And how is the self-service portal itself performing? Is it gaining users?',
     'Imogen Castellow', 'It is. Active accounts grew by about eleven thousand in the quarter. We redesigned the onboarding process in the spring, and the share of new sign-ups that ship a parcel within their first week rose from about half to almost two thirds.'),
    ('Ignatius Poole', 'Mercer Vale Research',
     'Thank you for taking my question. Rosalind, on the possible second hub in the Capital Corridor, what would be the approximate investment, and would it replace existing buildings or add capacity?',
     'Rosalind Achterberg', 'It would do both. It would replace two older buildings whose leases expire in the next few years and add capacity for growth in same-day and next-morning delivery in the corridor, which is our fastest-growing market. We are not ready to give a number yet, because we are still choosing between two sites, but it would be of a similar scale to the hub that opened in August, adjusted for construction cost inflation. We will say more at the investor day.'),
    ('Ignatius Poole', 'Mercer Vale Research',
     'Thanks. And a quick one on weather: have you changed anything in how you plan for storms, given the closures this summer?',
     'Dev Okafor-Lane', 'Yes. We now hold a standing reserve of linehaul capacity in each coastal region during storm season, and we have pre-agreed with customers how we will prioritize medical and time-critical shipments when a building has to close. We also shortened the time it takes us to reroute volume to neighboring hubs, from about a day to a few hours, by automating the rerouting rules in our planning system.'),
]


def build_financial() -> dict:
    rng = random.Random(2029)
    t = []
    say = lambda who, what: t.append(f'{who}\n{what}')
    say('Operator', 'Good day, and welcome to the Quillfeather Logistics Group Third Quarter Fiscal 2029 Earnings Conference Call, held on October 24, 2029. All lines have been placed on mute for now, and the company will take questions once the prepared remarks are finished. This call is being recorded. Our host for today is Callum Ashgrove, Vice President of Investor Relations, and you may begin, Callum.')
    say('Callum Ashgrove - Vice President, Investor Relations',
        'Thank you, operator, and good morning, everyone. Welcome to Quillfeather\'s third quarter earnings call. With me today are Rosalind Achterberg, our Chief Executive Officer; Marisol Tenbrook, our Chief Financial Officer; and Dev Okafor-Lane, our Chief Operating Officer. Before we begin, I would like to remind you that today\'s remarks include forward-looking statements about our expected performance, our plans and the markets we serve. These statements are subject to risks and uncertainties that could cause actual results to differ materially, including changes in demand, fuel prices, labor availability, weather and the actions of competitors. We describe these risks in our annual report and in the earnings release we published this morning. We undertake no obligation to update any forward-looking statement. We will also refer to certain non-GAAP measures, such as adjusted operating income and adjusted earnings per share. You will find each of them reconciled with the nearest GAAP measure in the release and in the slides on our investor relations website. Unless we say otherwise, all comparisons are with the third quarter of last year. Now let me hand over to Rosalind.')
    say('Rosalind Achterberg - Chief Executive Officer',
        'Thank you, Callum, and good morning, everyone. I am pleased to report a strong third quarter, in which we grew revenue, expanded margins and delivered on the commitments we made at the start of the year. Total revenue for the quarter was $4.18 billion, an increase of 7.9 percent, with growth in every segment. Adjusted operating income grew faster than revenue, and our adjusted operating margin improved by ninety basis points. I want to thank our employees, who handled record volumes during a summer that brought storms, smoke and road works, and still kept our service levels at the top of the industry. '
        'Let me highlight three things from the quarter. First, in August we opened our Gannet Reach hub, the most automated sorting facility in our network. It replaces our old Fenmarch building, and at full speed it can sort one hundred and forty thousand parcels an hour, about twice as many as the building it replaced, with a smaller team working in much better conditions. The migration went smoothly, and Dev will talk about the early productivity numbers. '
        'Second, we continued to electrify our delivery fleet. We now operate 2,310 electric vans, which is about one in five of our urban delivery vehicles. Electric vans are cheaper to run and maintain than the diesel vans they replace, and our drivers prefer them. They are also helping us win business from customers who have their own emissions targets. '
        'Third, our contract logistics business had an outstanding quarter. We signed several new multi-year agreements, including the largest in our history, and segment revenue grew by nearly sixteen percent. This business deepens our relationships with customers and gives us visibility of revenue over many years. '
        'Looking ahead to peak season, we are well prepared. We have hired most of our seasonal workforce, our new capacity is in place, and our agreements with large shippers are signed. We are therefore raising the lower end of our full-year guidance, and Marisol will give you the details. '
        'Before I hand over, I want to say a word about our Lighter Loads plan, which we launched two years ago to reduce the weight of packaging our customers send through the network. More than three hundred shippers have now joined, and on average they have reduced the packaging weight per parcel by fourteen percent. That saves them money, it means more parcels fit on every trailer, and it reduces our emissions. It is a good example of how we try to make our customers\' supply chains better rather than simply moving boxes. '
        'A few words on the market environment before I move on. Consumer spending held up better than many expected over the summer, although shoppers are increasingly careful and are buying more during promotions. Online sales as a share of retail continued to rise slowly, and the mix of what people buy online is shifting toward heavier and bulkier goods, which suits our network and our two-person delivery service. Business-to-business demand was mixed: health care and automotive aftermarket customers were strong, while industrial customers remained cautious. Across the industry, capacity is more balanced than it was a year ago, and pricing has been rational outside of the lightest parcels. We do not assume any improvement in the economy in our guidance, and we have built our plans to be resilient if conditions weaken. '
        'Let me also give you a short update on the five priorities we set out at our last investor day. The first priority was to modernize the sorting network. Beyond the new hub, we have added second sorts in four regions and replaced the conveyor control systems in eleven older buildings, which reduces jams and lets us run at higher speeds. The second priority was a cleaner fleet, which I have covered. The third was to grow in contract logistics and returns, where the quarter speaks for itself. The fourth was to make the company a better place to work. Voluntary turnover among our hub employees fell to its lowest level in six years, and our safety record improved again, with the recordable injury rate down twelve percent from last year. The fifth was disciplined capital allocation: we are investing heavily, but every major project has to earn well above our cost of capital, and we review the results of each one a year after it opens. '
        'I am also pleased to welcome two new directors to our board, both with deep experience in health care supply chains and in technology, and I want to thank Augustin Fairweather, who steps down from the board at the end of the year after twelve years of service, including six as chair of the audit committee. With that, let me hand over to Dev.')
    say('Dev Okafor-Lane - Chief Operating Officer',
        'Thanks, Rosalind, and good morning. I will walk you through the network region by region, and then say a few words about peak. Across the whole network, average daily volume grew 5.2% and on-time delivery was 96.8%, the best third-quarter result in our history. ' + _fin_regions(rng) +
        ' Let me now give you a quick update on our facility and fleet program, project by project. ' + _fin_facilities() +
        ' Putting it all together, the network is in good shape for peak. We have completed our seasonal hiring for about ninety percent of the roles we need, we have signed our linehaul contracts for extra capacity, and we have tested our contingency plans for weather in every region. For peak itself, we are planning for about 7.4 million pieces on our busiest day, which we expect in the second week of December. We will run seven days a week in our largest hubs from late November, and we have agreed with our biggest customers on the days on which they will release their heaviest promotional volumes, so that we can plan staffing hour by hour. We have also increased the number of pickup and delivery vehicles available to us through short-term rentals, and about a third of the rented vans this year are electric. Seasonal employees receive the same safety training as permanent staff, and this year for the first time they can do the classroom part of it online before their first shift. We will run our peak command center from the week before Thanksgiving, with daily calls between the operations leaders and our largest customers. I want to thank the teams in every region for the work they have done to get us here. With that, I will hand over to Imogen, who will talk about our customers.')
    say('Imogen Castellow - Chief Commercial Officer',
        'Thank you, Dev, and good morning. I would like to give you a picture of the quarter through the eyes of our customers, industry by industry, and then talk briefly about our sales pipeline. Overall, revenue from our top one hundred customers grew 8.4%, and our customer retention rate over the last twelve months was 96.1%. Net promoter score, which we measure every month with a survey of shippers and recipients, rose four points to fifty-two. ' + _fin_verticals() +
        ' Looking at the pipeline, we have more proposals in progress than at any time in the company\'s history, with particular strength in health care and home goods. The average length of the contracts we signed this quarter was 4.6 years, compared with 3.2 years a year ago, which reflects the growing share of contract logistics. We also continue to invest in our sales team: we added twenty-five account managers this year, focused on mid-sized customers who are growing fast and who value a named contact. With that, I will hand over to Marisol.')
    say('Marisol Tenbrook - Chief Financial Officer',
        'Thank you, Dev, and good morning, everyone. I will go through our results for the quarter in more detail, then our cash flow and balance sheet, and finish with our updated outlook. As Rosalind said, revenue grew 7.9% to a new third-quarter record. Adjusted operating income was $401 million, up 18.3%, and adjusted operating margin was 9.6%, compared with 8.7% a year ago. Adjusted earnings per share were $1.37, compared with $1.12 in the third quarter of last year. On a GAAP basis, earnings per share were $1.21, reflecting restructuring costs related to the closure of the Fenmarch building and the amortization of acquired intangibles. '
        'Let me turn to the segments. ' + _fin_segments() +
        ' Moving to costs, salaries, wages and benefits grew 5.4%, below revenue growth, as productivity gains offset wage increases. Purchased transportation fell as a share of revenue because we moved more linehaul volume onto our own trailers. Fuel expense rose with prices, but as you will have seen in our release, surcharges recovered most of the increase. Depreciation grew 9.1% as the new hub and the electric vans came into service. '
        'Turning to cash flow, we generated operating cash flow of $612 million in the quarter and free cash flow of $318 million. Year to date, free cash flow is $803 million. We ended the quarter with $1.46 billion of cash and short-term investments, and net leverage of 1.6 times adjusted EBITDA. '
        'On capital returns, the board has approved an increase in our quarterly dividend of five cents, raising it to $0.42 per share, payable on December 2 to shareholders of record on November 14. This is the eighth consecutive year in which we have raised the dividend. The board has also approved a new share repurchase authorization of $750 million, which replaces the remaining amount under the previous program and has no expiry date. We repurchased $96 million of shares during the quarter under the old program. '
        'A few more details on the balance sheet. Total debt at the end of the quarter was $5.9 billion, with an average maturity of nine years and an average interest cost of 4.1%. Our next significant maturity is a $400 million note due in the second half of fiscal 2031, and we have a fully undrawn revolving credit facility of $1.5 billion. Both rating agencies reaffirmed our investment-grade ratings during the quarter, with stable outlooks. Our defined benefit pension plan is now fully funded on an accounting basis, following the buy-in of a further tranche of pensioner liabilities with an insurer in July, so we do not expect to make any significant cash contributions to it in the next few years. Working capital was a small use of cash in the quarter, as receivables grew with revenue; our days sales outstanding were unchanged at thirty-eight days. '
        'On costs, let me add a little more color. Our cost per piece in the parcel segment declined 1.3%, the third consecutive quarter of decline, as automation and route planning offset wage inflation. Within that, hub labor cost per piece fell more than four percent, while pickup and delivery cost per piece was broadly flat because of the wage increases under the new union agreement, which took effect in September. Facility costs rose because we were running the old and new buildings in parallel, as I will explain when we come to questions. Insurance and claims costs were lower than last year, reflecting both our better safety record and a lower damage rate. '
        'Now to the outlook. We now expect full-year revenue of $16.5 billion to $16.7 billion, compared with our previous range of $16.3 billion to $16.7 billion. We expect adjusted earnings per share of $5.05 to $5.20, raising the lower end from $4.95. We continue to expect an effective tax rate of about twenty-four percent. We are narrowing our capital expenditure guidance for the full fiscal year to $610 million to $640 million, mainly because some vehicle deliveries have moved into next year. '
        'For the fourth quarter, keep in mind that peak brings higher volumes but also higher costs for seasonal labor and purchased transportation, and that we have one fewer operating day than last year. Our guidance assumes a normal weather pattern. With that, operator, we are ready to take questions.')
    say('Operator', 'Thank you. We will now begin the question-and-answer session. To ask a question, please press star one on your telephone keypad. To withdraw your question, press star two. Please limit yourself to one question and one follow-up. Our first question comes from Tobias Wrenfield with Carrow & Stiles Securities. Your line is open.')
    last = None
    for i, (analyst, firm, q, who, a) in enumerate(FIN_QANDA):
        if last is not None and analyst != last:
            say('Operator', f'Thank you. Our next question comes from {analyst} with {firm}'.rstrip('.') + '. Your line is open.')
        say(f'{analyst} - {firm}', q)
        say(f'{who} - {ROLES[who]}', a)
        last = analyst
    for analyst, firm, q, who, a in FIN_QANDA2:
        say('Operator', f'Thank you. Our next question comes from {analyst} with {firm}'.rstrip('.') + '. Your line is open.')
        say(f'{analyst} - {firm}', q)
        say(f'{who} - {ROLES[who]}', a)
    say('Operator', 'Thank you. There are no further questions at this time. Let me hand back to Rosalind Achterberg to close the call.')
    say('Rosalind Achterberg - Chief Executive Officer',
        'Thank you, everyone, for your questions and for your interest in Quillfeather. To sum up: we had a strong quarter, our new hub is running ahead of plan, our fleet is getting cleaner, and we are ready for peak. I would also like to invite you to our next investor day, which will be held on March 12, 2030, at our headquarters in Wexmoor, where we will set out our plans through fiscal 2033 and give you a tour of the Capital Corridor operations. Callum and the investor relations team will send details in the coming weeks. Thank you, and have a good day.')
    say('Operator', 'This concludes today\'s conference call. Thank you for participating. You may now disconnect.')
    text = '\n'.join(t)
    qs, ans = zip(*FIN_QA)
    return {'instructions': list(qs), 'outputs': list(ans), 'input': text, 'source': 'financial', 'evaluation': 'f1'}


# ==============================================================================================
# L-Eval 3: scientific_qa -- a long fictional research paper with appendices
# ==============================================================================================

SCI_QA = [
    ('Which languages does the corpus cover?', 'Kessic, Varruan and Olm'),
    ('How many bulletins does the corpus contain?', '4,812 bulletins'),
    ('Over what period were the bulletins issued?', 'between 1998 and 2021'),
    ('How many annotators labelled the bulletins?', 'six annotators'),
    ('What inter-annotator agreement was reached?', "Krippendorff's alpha of 0.83"),
    ('On how many languages was the Gullwing-base encoder pretrained?', 'one hundred and twelve languages'),
    ('How many entries does the bilingual weather glossary contain?', '1,940 entries'),
    ('What micro-F1 does TideSlot reach on the test set?', '78.6'),
    ('Which slot type is the hardest to extract?', 'visibility qualifiers'),
    ('What learning rate was used for fine-tuning?', '3e-5'),
    ('How long may an annotator spend on a bulletin before flagging it?', 'no more than four minutes'),
    ('How many accelerator hours did all the experiments use in total?', 'about 310 accelerator hours'),
    ('Which station contributed the most bulletins?', 'Skerrow Point'),
    ('Under what identifier is the corpus archived?', 'AIBC-1.2'),
]

SCI_SECTIONS = [
    ('Introduction', [
        'Weather bulletins are among the oldest forms of public text that people depend on. In the Ardent Isles, a chain of twenty-three inhabited islands in the northern ocean, the meteorological service broadcasts coastal and sea-area bulletins four times a day, and fishing crews, ferry operators and island councils act on them. Most bulletins are written in one of three minority languages, Kessic, Varruan and Olm, none of which is supported by commercial language technology. Extracting the structured content of a bulletin, such as the forecast wind force, the sea state or a warning of fog, would let the service publish machine-readable forecasts, translate them for visitors, and check their consistency automatically.',
        'This paper introduces the Ardent Isles Bulletin Corpus, a collection of 4,812 bulletins annotated with fourteen slot types describing forecast conditions, and a set of baselines for slot extraction. The bulletins were issued between 1998 and 2021 and come from thirty stations across the archipelago. They are short, formulaic and full of domain-specific abbreviations, but they also contain idiosyncratic phrasing that changed over time and differs from station to station.',
        'We make three contributions. First, we release the corpus with careful annotation guidelines and an analysis of agreement. Second, we compare rule-based, feature-based and neural extractors, and show that a pretrained multilingual encoder fine-tuned on a few thousand bulletins outperforms a hand-written rule system that the meteorological service had maintained for over a decade. Third, we propose TideSlot, which augments the encoder with retrieval from a bilingual weather glossary, and show that it improves extraction most for rare slot values and for the least-resourced of the three languages.',
        'The rest of the paper is organised as follows. We review related work, describe the corpus and its annotation, present the models and the experimental setup, report results including cross-lingual transfer and ablations, analyse errors, and discuss limitations and ethical considerations. The appendices contain the slot definitions, hyperparameters, annotated examples, the list of stations and per-station results.',
    ]),
    ('Related Work', [
        'Slot filling has been studied extensively for task-oriented dialogue, where utterances are short and the inventory of slots is defined by an application. Weather has been a common domain in such datasets, but the utterances are typically user requests rather than forecasts. Work on generating weather forecasts from numerical data is more closely related: it produced aligned corpora of data records and forecast texts, and showed that forecasters use a restricted sublanguage with its own grammar. Our task is the inverse of generation, namely recovering the data behind a forecast text.',
        'Information extraction for low-resource languages has benefited greatly from multilingual pretrained encoders, which transfer knowledge from high-resource languages. However, most evaluations cover languages with at least some web presence. The three languages of the Ardent Isles have very little text on the web, and their orthographies were standardised only recently, so they represent a harder setting than the languages usually studied.',
        'Retrieval augmentation has been used to inject external knowledge into language models for question answering and for entity linking. Glossaries and terminology databases have been used to improve machine translation in specialised domains. TideSlot combines these ideas: it retrieves glossary entries that match spans of the bulletin and feeds them to the encoder as additional context, so that the model can recognise rare technical terms that it saw only a few times in training.',
        'Finally, there is a long tradition of corpus work on the languages of the Ardent Isles, mainly by dialectologists who recorded speech in the fishing communities. Those recordings rarely include technical weather vocabulary, and to our knowledge the present corpus is the first annotated collection of written text in any of the three languages.',
    ]),
    ('The Ardent Isles Bulletin Corpus', [
        'The meteorological service of the Ardent Isles has archived its bulletins since the introduction of electronic broadcasting. We obtained the archive under a research agreement with the service, which holds the copyright in the bulletins and has agreed to their release for research. The archive contains bulletins from thirty stations, some of which are staffed offices and others automated stations whose bulletins are written at the central forecasting office in the station\'s language.',
        'We removed duplicate bulletins, which are common because a bulletin is often re-broadcast without change, and bulletins that were truncated in the archive. We then sampled bulletins so that each station and each year is represented, with more weight on recent years, when the format is most similar to that in use today. Each bulletin has between 18 and 140 words, with a median of 47.',
    ]),
    ('Languages', [
        'Kessic is spoken on the eight northern islands and is the language of about two thirds of the bulletins. It has a rich system of case endings, and numbers are written in words in older bulletins but in digits after 2006. Varruan is spoken on the central islands and has borrowed much of its maritime vocabulary from Kessic, but uses a different word order, with the verb at the end of the clause. Olm is spoken on the five southern islands by about four thousand people, and is the least documented of the three. Olm bulletins are the most variable in spelling, because the orthography was standardised only in 2012.',
        'All three languages share a set of loan words for international meteorological terms, and bulletins frequently switch into English for sea-area names and for the names of weather systems. We keep these switches as they are, since they are part of the genre.',
    ]),
    ('Slot Schema', [
        'We defined fourteen slot types in consultation with forecasters at the central office. The schema covers the forecast period, the sea area or coastal zone, wind direction, wind force, changes in wind force, sea state, swell, weather type, visibility, qualifiers of visibility, warnings, the issuing time, the next issuing time, and the forecaster\'s confidence expression. Full definitions are given in Appendix A. A bulletin may contain several forecasts for different periods or areas, and each slot value is linked to the forecast it belongs to.',
        'Slot values are spans of the bulletin text. We also record a normalised value for each span, for example wind force on the twelve-point scale, so that the corpus can be used for both extraction and normalisation. In this paper we evaluate extraction of spans only.',
    ]),
    ('Annotation', [
        'The bulletins were annotated by six annotators, two native speakers of each language, all of whom had worked either as forecasters or as radio operators for the fishing fleet. Annotators were trained over two weeks using a pilot set of two hundred bulletins, and the guidelines were revised three times during the pilot. Each bulletin was annotated independently by both annotators for its language, and disagreements were adjudicated by a third person, a senior forecaster fluent in all three languages.',
        'Annotation was carried out in a web-based tool that displayed the bulletin, its station, its date and a map of the sea areas. Annotators could flag bulletins they found ambiguous, and about three percent of bulletins were flagged. Most flags concerned the scope of a warning, for example whether a gale warning applied to all areas mentioned in the bulletin or only to the last one.',
    ]),
    ('Agreement', [
        'Inter-annotator agreement on span boundaries and slot types, computed before adjudication, reached Krippendorff\'s alpha of 0.83 across the whole corpus, with the highest agreement for Kessic and the lowest for Olm. Agreement was near perfect for issuing times, sea areas and wind directions, and lowest for confidence expressions and for qualifiers of visibility, which we discuss further in the error analysis. Agreement improved steadily over the annotation period, suggesting that the annotators became more consistent as they gained experience with the guidelines.',
    ]),
    ('Splits and Statistics', [
        'We split the corpus by time rather than at random, so that the test set contains the most recent bulletins: bulletins issued up to the end of 2016 form the training set, those from 2017 and 2018 the development set, and those from 2019 onwards the test set. This split reflects how a system would be used, trained on the archive and applied to new bulletins. The training set contains 3,217 bulletins, the development set 742 and the test set 853. The corpus contains 41,906 annotated slot values in total, an average of 8.7 per bulletin.',
        'The distribution of slot types is highly skewed. Wind direction and wind force together account for almost a third of all slot values, while swell and confidence expressions are rare. The distribution of values within each slot is also skewed: for example, fog accounts for almost half of all weather types in summer bulletins, while snow appears in fewer than two hundred bulletins.',
    ]),
    ('Models', [
        'We compare four extractors. The first is the rule-based extractor developed by the meteorological service, which uses regular expressions and word lists for each language and has been maintained by the service since 2009. The second is a conditional random field with features including word shape, prefixes and suffixes, the position in the bulletin and membership of the service\'s word lists. The third is a multilingual pretrained encoder, Gullwing-base, fine-tuned with a token classification head using a standard begin-inside-outside encoding of spans. The fourth is TideSlot, our retrieval-augmented model.',
        'Gullwing-base is a twelve-layer transformer encoder pretrained on text in one hundred and twelve languages, including a small amount of Kessic from digitised newspapers but no Varruan or Olm. We chose it because it is small enough to fine-tune on a single accelerator and because its tokenizer handles the diacritics of all three languages without producing unknown tokens.',
    ]),
    ('TideSlot', [
        'TideSlot is built on Gullwing-base and adds a retrieval component. We compiled a bilingual weather glossary from the meteorological service\'s style guides and training materials, with 1,940 entries, each pairing a term in one of the three languages with its English equivalent, its slot type and, where applicable, its normalised value. Many entries are spelling variants, because older bulletins use spellings that the current orthographies no longer accept.',
        'For each bulletin, TideSlot finds glossary entries whose term matches a span of the bulletin, allowing for small differences in spelling by using character n-gram similarity with a threshold tuned on the development set. The matching entries are linearised as short texts, such as a term followed by its English equivalent and slot type, and appended to the bulletin after a separator token. The encoder then attends jointly to the bulletin and the retrieved entries, and the token classification head labels only the tokens of the bulletin.',
        'This design has two advantages. It allows the model to exploit glossary knowledge about rare terms without having to learn it from a handful of training examples, and it allows the glossary to be updated after training, for example when the service introduces a new term, without retraining the model. We show in the ablations that both the English equivalents and the slot types in the retrieved entries contribute to the improvement.',
    ]),
    ('Experimental Setup', [
        'All neural models were trained on the training set and selected on the development set using the micro-averaged F1 of exact span matches. We report micro-F1 on the test set, averaged over five runs with different random seeds, along with the standard deviation. Hyperparameters are listed in Appendix B. For the rule-based extractor we used the version deployed by the service in 2016, which was the last version developed without access to bulletins from the test period.',
        'A predicted slot value counts as correct only if both its span boundaries and its slot type match a gold value exactly. We also report partial-match F1, in which a prediction counts as correct if it overlaps a gold value of the same type, to distinguish errors of boundary from errors of detection.',
    ]),
    ('Results', [
        'The rule-based extractor achieves a micro-F1 of 52.3 on the test set. It performs well on Kessic bulletins from stations whose phrasing it was designed for, but poorly on newer phrasing and on Olm. The conditional random field reaches 61.7, improving most on wind force and sea state. Fine-tuned Gullwing-base reaches 73.9, a large improvement over both, and TideSlot reaches a micro-F1 of 78.6, with a standard deviation of 0.4 across seeds. The improvement of TideSlot over Gullwing-base is significant under a paired bootstrap test.',
        'Broken down by language, TideSlot improves over Gullwing-base by 2.9 points on Kessic, 4.6 points on Varruan and 8.1 points on Olm. The larger gains for the less-resourced languages are consistent with our hypothesis that retrieval helps most where training data is scarce. Partial-match F1 is about six points higher than exact-match F1 for all neural models, showing that a substantial share of their errors concern span boundaries rather than the detection of slot values.',
    ]),
    ('Cross-lingual Transfer', [
        'To assess how well the models transfer between languages, we trained each neural model on the bulletins of one language and evaluated it on the other two. Transfer from Kessic to Varruan is reasonably good, reflecting their shared maritime vocabulary, but transfer to Olm is poor from either of the other languages. With retrieval, transfer to Olm improves markedly, because the glossary provides Olm terms that the model has never seen in training. Training on all three languages together gives the best results for every language, and we use this setting in all other experiments.',
    ]),
    ('Ablations', [
        'We ablate the components of the retrieved glossary entries. Removing the English equivalents reduces micro-F1 by 2.2 points, and removing the slot types reduces it by 1.6 points; removing both leaves a model that is only slightly better than Gullwing-base, suggesting that the model benefits from the content of the entries rather than from the extra input length. Replacing the fuzzy matching with exact string matching reduces F1 by 1.9 points, mainly on older bulletins with non-standard spellings.',
        'We also varied the number of retrieved entries. Performance rises up to about twelve entries per bulletin and then levels off, while training time grows roughly linearly. Finally, we tested whether the glossary can be updated after training: adding forty-three entries introduced by the service in 2020 to the glossary at test time, without retraining, improved F1 on bulletins containing those terms from 61.2 to 74.5.',
    ]),
    ('Error Analysis', [
        'We manually analysed three hundred errors made by TideSlot on the development set. Visibility qualifiers are the hardest slot type to extract, with an F1 well below that of any other type. Qualifiers such as "at first", "locally" or "in showers" modify a visibility value, and forecasters place them before or after the value, sometimes separated from it by a clause. Annotators also found them hard, as noted in the agreement analysis. Many errors on this slot are boundary errors in which the model includes or excludes a preposition.',
        'The second most common type of error concerns changes in wind force, such as a wind increasing from force five to force seven later. The model often extracts the two forces correctly but labels the second as a separate wind force rather than as a change. The third type of error involves the scope of warnings, which is genuinely ambiguous in some bulletins. Finally, a small number of errors are caused by code switching into English, where the model sometimes fails to recognise an English sea-area name inside a Varruan sentence.',
    ]),
    ('Limitations', [
        'The corpus covers a single genre from a single institution. Although the bulletins span more than two decades, their style is relatively homogeneous, and it is not clear how well models trained on them would transfer to other kinds of text in the same languages. The test set contains recent bulletins only, and results on older bulletins might differ. We evaluate span extraction only and leave normalisation to future work. Finally, the glossary was compiled from the service\'s own materials, and a similar resource may not exist for other domains or languages.',
    ]),
    ('Ethical Considerations', [
        'The bulletins are public broadcasts and contain no personal information, except occasionally the name of a forecaster, which we removed. The annotators were paid at the rate agreed with the meteorological service for specialist translation work. We consulted representatives of the language communities about the release of the corpus, and they supported it on condition that it remains freely available for research and education. Automated extraction of forecasts could support safety at sea, but errors could also mislead users, and we recommend that any deployed system be used to assist forecasters rather than to publish forecasts without review.',
    ]),
    ('Conclusion', [
        'We have introduced a corpus of weather bulletins in three minority languages, annotated with fourteen slot types, and shown that a retrieval-augmented encoder substantially outperforms rule-based and feature-based extractors, especially for the least-resourced language. The meteorological service is now evaluating TideSlot to check the consistency of bulletins before broadcast. In future work we plan to add normalisation of slot values, to extend the corpus to the service\'s aviation bulletins, and to study whether the glossary can be extended semi-automatically from the archive.',
    ]),
]

SCI_SLOTS = [
    ('Forecast period', 'The time span to which a forecast applies, such as "tonight" or "for the next twenty-four hours", including its start and end where both are given.'),
    ('Sea area', 'The name of a sea area or coastal zone, in any language, including English names of areas used in code-switched text.'),
    ('Wind direction', 'A compass direction or a direction expressed relative to land, together with words such as "veering" or "backing" when they describe direction.'),
    ('Wind force', 'A wind force on the twelve-point scale, written in digits or words, or a descriptive term such as "gale" which implies a force.'),
    ('Wind change', 'An expression stating that the wind force will change, including the new force and the time of the change.'),
    ('Sea state', 'A description of the state of the sea, such as "moderate" or "very rough", excluding swell.'),
    ('Swell', 'The height or description of swell, which forecasters report separately from sea state in western areas.'),
    ('Weather type', 'The type of weather forecast, such as rain, showers, fog, snow or thunder, including intensity words attached to it.'),
    ('Visibility', 'A visibility category, such as "good", "moderate" or "poor", or a distance.'),
    ('Visibility qualifier', 'An expression which restricts a visibility value in time or space, such as "at first" or "locally".'),
    ('Warning', 'The type of any warning in force, such as a gale warning or a small craft advisory, and the areas it covers.'),
    ('Issue time', 'The time at which the bulletin was issued, as stated in the bulletin itself.'),
    ('Next issue time', 'The time at which the next bulletin will be issued, if stated.'),
    ('Confidence expression', 'An expression of the forecaster\'s uncertainty, such as "probably" or "there is a risk of".'),
]

SCI_ISLANDS = ['Harsk', 'Vell', 'Dunmark', 'Oreby', 'Tallow Holm', 'Skarn', 'Brenna', 'Fothra', 'Lusk', 'Marrow Isle',
               'Caddow', 'Ise', 'Quarra', 'Nethersey', 'Olmsay', 'Pellow']
SCI_STATION_NAMES = ['Harsk Head', 'Vell Sound', 'Dunmark Pier', 'Oreby Light', 'Tallow Holm', 'Skarn Radio', 'Brenna Bay',
                     'Fothra North', 'Lusk Harbour', 'Marrow Isle', 'Caddow Point', 'Ise Airfield', 'Quarra Mast', 'Nethersey',
                     'Olmsay South', 'Pellow Rocks', 'Kell Narrows', 'Grey Stack', 'Rune Hill', 'Westerlock', 'Fairwater',
                     'Sula Sound', 'Cairnfell', 'Hobb Ness', 'Skerrow Point', 'Tarn Geo', 'Ledmore', 'Yarrow Skerry',
                     'Aird Vane', 'Corrie Bank']


def _sci_stations() -> tuple[str, str]:
    "Appendix D (station list) and Appendix E (per-station results, by code only)."
    langs = ['Kessic', 'Varruan', 'Olm']
    kinds = ['staffed office', 'automated station', 'lighthouse station', 'coastguard radio station', 'airfield office']
    notes = ['Its bulletins use the older spelling of compass points until 2010.',
             'Bulletins from this station regularly include swell, because it faces the open ocean.',
             'The station closed for rebuilding in 2004 and 2005, so those years are missing.',
             'Its forecasters are known for long confidence expressions.',
             'Many of its bulletins switch into English for the names of distant sea areas.',
             'The station issues an extra bulletin at dawn during the fishing season.',
             'It covers two sheltered sounds, and sea-state values are mostly "smooth" or "slight".',
             'Fog is the most frequent weather type in its summer bulletins.',
             'The station was automated in 2013, after which bulletins were written at the central office.',
             'Its bulletins rarely mention visibility, which is reported by a neighbouring station.']
    a, e = [], []
    big = SCI_STATION_NAMES.index('Skerrow Point')
    others = split_total(4812 - 611, [1.0 + ((i * 53) % 171) / 100 for i in range(len(SCI_STATION_NAMES) - 1)])
    sizes = others[:big] + [611] + others[big:]
    assert max(others) < 611
    for i, name in enumerate(SCI_STATION_NAMES):
        lang = langs[0] if i < 14 else (langs[1] if i < 24 else langs[2]) if name != 'Skerrow Point' else 'Varruan'
        if name in ('Aird Vane', 'Corrie Bank', 'Ledmore', 'Yarrow Skerry', 'Tarn Geo'): lang = 'Olm'
        code = {'Kessic': 'KS', 'Varruan': 'VR', 'Olm': 'OL'}[lang] + f'-{i + 1:02d}'
        n = sizes[i]
        start = 1998 + (i * 7) % 9
        kind = kinds[(i * 3) % len(kinds)] if name != 'Skerrow Point' else 'lighthouse station'
        island = next((isl for isl in SCI_ISLANDS if name.startswith(isl)), SCI_ISLANDS[(i * 5) % len(SCI_ISLANDS)])
        note = cycle_pick(notes, i * 3)
        if name == 'Skerrow Point': start, note = 1998, notes[1]
        line = f'{code} {name} ({lang}; {kind} on {island}). Bulletins in the corpus: {n}, first bulletin {start}. {note}'
        if name == 'Skerrow Point':
            line += ' It is the largest single contributor to the corpus, because its bulletins cover six sea areas and were sampled for all twenty-four years.'
        a.append(line)
        f1 = 70.0 + ((i * 29) % 157) / 10
        if f1 >= 78.0 and f1 < 79.0: f1 += 1.3  # keep the headline score unique in the text
        gb = f1 - 2.5 - ((i * 11) % 60) / 10
        e.append(f'{code}: test bulletins {8 + (i * 13) % 40}, Gullwing-base {gb:.1f}, TideSlot {f1:.1f}.')
    return '\n'.join(a), '\n'.join(e)


SCI_EXAMPLE_PARTS = {
    'period': ['for the next twenty-four hours', 'until midnight', 'tonight and tomorrow morning', 'for the afternoon', 'from dawn until noon'],
    'area': ['North Harsk', 'Vell Deep', 'the Skarn Banks', 'Outer Fothra', 'the Olmsay Channel', 'Tallow Grounds', 'Quarra Race'],
    'dir': ['southwesterly', 'northerly', 'easterly backing northeasterly', 'westerly veering northwesterly', 'southerly'],
    'force': ['4 or 5', '5 to 7', '3 or 4', '6, occasionally 7', '2 or 3'],
    'change': ['increasing 7 later', 'decreasing 3 by evening', 'becoming variable 2 for a time', 'increasing gale 8 overnight'],
    'sea': ['slight or moderate', 'moderate', 'rough', 'smooth', 'moderate becoming rough'],
    'weather': ['showers', 'rain later', 'fair', 'fog patches', 'squally showers', 'drizzle at first'],
    'vis': ['good', 'moderate', 'moderate or poor', 'very poor', 'good, occasionally poor'],
    'qual': ['at first', 'locally', 'in showers', 'near the coast', 'later'],
}


def _sci_examples() -> str:
    P = SCI_EXAMPLE_PARTS
    out = []
    for i in range(24):
        g = lambda k, m=1: cycle_pick(P[k], i * m + (m - 1))
        lang = ['Kessic', 'Varruan', 'Olm'][i % 3]
        txt = (f'{g("area", 3)}, {g("period", 2)}: wind {g("dir", 1)} {g("force", 4)}' + (f', {g("change", 5)}' if i % 3 else '') +
               f'. Sea {g("sea", 2)}. {g("weather", 5).capitalize()}. Visibility {g("vis", 3)}' + (f' {g("qual", 2)}' if i % 4 == 1 else '') + '.')
        spans = [f'sea area = "{g("area", 3)}"', f'period = "{g("period", 2)}"', f'wind direction = "{g("dir", 1)}"',
                 f'wind force = "{g("force", 4)}"']
        if i % 3: spans.append(f'wind change = "{g("change", 5)}"')
        spans += [f'sea state = "{g("sea", 2)}"', f'weather = "{g("weather", 5)}"', f'visibility = "{g("vis", 3)}"']
        if i % 4 == 1: spans.append(f'visibility qualifier = "{g("qual", 2)}"')
        out.append(f'Example {i + 1} ({lang}, English gloss): {txt} Annotation: ' + '; '.join(spans) + '.')
    return '\n'.join(out)


SCI_GUIDELINES = [
    '1. Read the whole bulletin before marking any span. Bulletins often state a general forecast first and then exceptions for particular areas, and the exceptions change how the general forecast should be linked.',
    '2. Mark the shortest span that fully expresses the slot value. Do not include punctuation, and do not include the word "wind" or "sea" before a value unless it is part of a fixed expression such as "sea fog".',
    '3. When a value applies to several forecasts, mark it once and link it to every forecast it applies to. When the bulletin repeats a value for clarity, mark each repetition and link each to its own forecast.',
    '4. Mark wind changes as a single span from the verb of change to the new force, including any time expression that belongs to the change, for example "increasing 7 later".',
    '5. Mark a qualifier of visibility as its own span even when it is adjacent to the visibility value. If it is separated from the value by a clause, still link it to the value it restricts.',
    '6. For warnings, mark the type of warning and each area that it covers. If it is unclear whether a warning covers an area, follow the reading that a mariner in that area would find safer, and flag the bulletin.',
    '7. Do not correct spelling. Mark the span exactly as written, even if the spelling is obsolete or wrong, and record the normalised value separately.',
    '8. Code-switched English words are annotated in the same way as words in the bulletin language.',
    '9. Spend no more than four minutes on a bulletin before flagging it as ambiguous; the adjudicator will resolve flagged bulletins and the guidelines will be updated if a pattern emerges.',
    '10. Confidence expressions are marked only when they express the forecaster\'s uncertainty about a forecast value, not when they are part of a fixed name such as "probable fog zone".',
]

SCI_SYLL = {'Kessic': ['ska', 'vor', 'ell', 'thu', 'mar', 'dan', 'ruk', 'ost', 'ill', 'bra', 'kes', 'hald'],
            'Varruan': ['va', 'rru', 'sen', 'oli', 'tam', 'ue', 'rin', 'pasa', 'lo', 'ume', 'dar', 'qes'],
            'Olm': ['ol', 'mø', 'tsa', 'ny', 'quo', 'hel', 'ixa', 'rø', 'mu', 'taq', 'yl', 'ven']}
SCI_GLOSSES = [('gale', 'Wind force'), ('strong breeze', 'Wind force'), ('near gale', 'Wind force'), ('calm', 'Wind force'),
               ('veering', 'Wind direction'), ('backing', 'Wind direction'), ('northwesterly', 'Wind direction'), ('onshore', 'Wind direction'),
               ('rough', 'Sea state'), ('very rough', 'Sea state'), ('slight', 'Sea state'), ('heavy swell', 'Swell'),
               ('sleet', 'Weather type'), ('thundery showers', 'Weather type'), ('freezing fog', 'Weather type'), ('hail', 'Weather type'),
               ('poor', 'Visibility'), ('very poor', 'Visibility'), ('at times', 'Visibility qualifier'), ('in the north', 'Visibility qualifier'),
               ('small craft advisory', 'Warning'), ('storm warning', 'Warning'), ('next bulletin', 'Next issue time'), ('it is likely that', 'Confidence expression')]


def _sci_word(lang: str, i: int) -> str:
    syl = SCI_SYLL[lang]
    n = 2 + i % 2
    return ''.join(syl[(i * (3 + k * 5) + k * 7) % len(syl)] for k in range(n))


def _sci_glossary() -> str:
    out = []
    for i in range(48):
        lang = ['Kessic', 'Varruan', 'Olm'][i % 3]
        gloss, slot = SCI_GLOSSES[i % len(SCI_GLOSSES)]
        old = ' (older spelling)' if i % 7 == 3 else ''
        out.append(f'{_sci_word(lang, i + 5)}{old} | {lang} | {gloss} | {slot}')
    return '\n'.join(out)


def _sci_years() -> str:
    "Bulletins per year and language; the years of each split sum to the split sizes given in the paper."
    years = list(range(1998, 2022))
    w = [1.0 + 0.09 * (y - 1998) + ((y * 7) % 5) / 10 for y in years]
    counts = {}
    for (lo, hi), total in (((1998, 2016), 3217), ((2017, 2018), 742), ((2019, 2021), 853)):
        ys = [y for y in years if lo <= y <= hi]
        counts.update(zip(ys, split_total(total, [w[y - 1998] for y in ys])))
    out = []
    for y in years:
        olm_share = 0.0 if y < 2001 else 0.08 + 0.002 * (y - 2001)
        k, v, o = split_total(counts[y], [0.64, 0.36 - olm_share, olm_share] if olm_share else [0.64, 0.36, 0.0])
        split = 'train' if y <= 2016 else ('dev' if y <= 2018 else 'test')
        out.append(f'{y}: {k} / {v} / {o} (total {counts[y]}, {split})')
    return '\n'.join(out)


def _sci_per_slot() -> str:
    out = []
    for i, (name, _) in enumerate(SCI_SLOTS):
        base = 55.0 + ((i * 37) % 40)
        if name == 'Visibility qualifier': base = 31.0
        r, c = base - 14.0 - (i % 5) * 1.7, base - 6.0 - (i % 3) * 1.1
        g = min(base + 2.0, 98.0)
        t = min(g + 1.0 + (i % 4) * 1.3, 99.0)
        out.append(f'{name}: {r:.1f} / {c:.1f} / {g:.1f} / {t:.1f}')
    return '\n'.join(out)


SCI_ERRORS = [
    ('"poor at first"', '"poor"', 'boundary: qualifier attached to the value'),
    ('"increasing 7 later"', '"7 later"', 'boundary: verb of change omitted'),
    ('"gale warning for Vell Deep and Outer Fothra"', 'warning for Vell Deep only', 'warning scope'),
    ('"Quarra Race"', 'no prediction', 'missed code-switched area name'),
    ('"locally"', '"locally" labelled as weather type', 'wrong type'),
    ('"backing southerly"', '"southerly"', 'boundary: direction change'),
    ('"probably"', 'no prediction', 'missed confidence expression'),
    ('"rough, occasionally very rough"', '"rough"', 'boundary: coordinated values'),
    ('"until midnight"', '"midnight"', 'boundary: preposition omitted'),
    ('"fog patches"', '"fog"', 'boundary: intensity word omitted'),
    ('"decreasing 3 by evening"', 'labelled as a second wind force', 'wind change labelled as force'),
    ('"swell 3 metres"', 'labelled as sea state', 'wrong type'),
]


def _sci_errors() -> str:
    return '\n'.join(f'Error {i + 1} ({["Kessic", "Varruan", "Olm"][(i * 2) % 3]}): gold {g}; predicted {pr}; category: {c}.'
                     for i, (g, pr, c) in enumerate(SCI_ERRORS))


def build_scientific() -> dict:
    lines = []
    for title, ps in SCI_SECTIONS:
        lines.append(title); lines += ps
    stations, per_station = _sci_stations()
    lines += ['Acknowledgements',
              'We thank the forecasters and radio operators of the Ardent Isles Meteorological Service for their patience in explaining their craft, the annotators for their care, and the island councils for their support. This work was funded by the Archipelago Languages Trust.']
    appendices = [
        ('Slot Definitions', [f'{name}. {d}' for name, d in SCI_SLOTS]),
        ('Hyperparameters', ['All neural models were trained with the AdamW optimiser, a learning rate of 3e-5 with linear warm-up over the first ten percent of steps and linear decay thereafter, a batch size of 16 bulletins, weight decay of 0.01, and dropout of 0.1. Models were trained for at most 20 epochs with early stopping on development F1 and a patience of three epochs. The maximum input length was 384 subword tokens, of which up to 256 were reserved for retrieved glossary entries in TideSlot. The fuzzy-matching threshold for glossary retrieval was 0.72, and the number of retrieved entries was capped at twelve. The conditional random field was trained with L-BFGS and an L2 penalty of 0.05, selected on the development set. One training run of TideSlot takes about forty minutes on a single accelerator.']),
        ('Annotation Guidelines (Excerpt)', SCI_GUIDELINES),
        ('Annotated Examples', ['The following examples are English glosses of bulletins from the training set, with their gold annotation. Slot values are shown as they appear in the gloss; in the corpus they are spans of the original text.', _sci_examples()]),
        ('Glossary Sample', ['A sample of the bilingual weather glossary used by TideSlot, one entry per line: the term, its language, its English equivalent, and its slot type. Terms marked "older spelling" are variants found in bulletins written before the orthographies were standardised.', _sci_glossary()]),
        ('Bulletins per Year', ['The number of bulletins in the corpus for each year of issue, by language (Kessic / Varruan / Olm), and the split to which the year belongs.', _sci_years()]),
        ('Per-slot Results', ['Exact-match F1 on the test set for each slot type, averaged over five seeds, in the order rule-based extractor, conditional random field, fine-tuned encoder, TideSlot.', _sci_per_slot()]),
        ('Error Examples', ['Representative errors of TideSlot on the development set, with the gold value, the prediction and the error category assigned in our manual analysis.', _sci_errors()]),
        ('Compute', ['All experiments, including hyperparameter search and the five seeds of every configuration, used about 310 accelerator hours on a shared university cluster. The rule-based extractor and the conditional random field were run on ordinary processors. We report this figure so that others can estimate the cost of reproducing our results; the final TideSlot model can be trained in under an hour and applied to a bulletin in a few milliseconds.']),
        ('Stations', ['The thirty stations contributing bulletins are listed below with their code, language, type, island, number of bulletins in the corpus, and the year of their first bulletin in the archive.', stations]),
        ('Per-station Results', ['Micro-F1 on the test set for each station, averaged over five seeds. Stations are identified by code only; see the list of stations.', per_station]),
        ('Data Availability', ['The corpus, the annotation guidelines, the glossary and the code for all models are archived by the Ardent Isles Meteorological Service under the identifier AIBC-1.2, and are available for research and education on request to the service\'s data office. The version described in this paper corresponds to the second release of the corpus, which corrected the adjudication of about seventy bulletins from the first release.']),
    ]
    for k, (title, ps) in enumerate(appendices):
        lines.append(f'Appendix {chr(65 + k)}: {title}'); lines += ps
    text = '\n'.join(lines)
    qs, ans = zip(*SCI_QA)
    return {'instructions': list(qs), 'outputs': list(ans), 'input': text, 'source': 'scientific_qa', 'evaluation': 'f1'}


# ==============================================================================================
# L-Eval 4: multidoc_qa -- several short fictional documents about one ferry crossing
# ==============================================================================================

MULTI_QA = [
    ('How much does it cost to take a bicycle on the Sallow Strait ferry?', '4.50 crowns'),
    ('What was the name of the first steamer on the Sallow Strait crossing?', 'Mirren Belle'),
    ('How many cars can the Kittiwake Dawn carry?', '64 cars'),
    ('What will the new waiting room at Brackenmoor harbour be named?', 'the Wenna Pascoe Room'),
    ('Where on the ferry may dogs travel?', 'on the open upper deck'),
    ('Which pub does the travel writer recommend for eel pie?', 'The Copper Gull'),
    ('Above what sustained wind speed are sailings suspended?', '45 knots'),
    ('How many wheelchair spaces are there in the lounge of the Kittiwake Dawn?', 'four wheelchair spaces'),
    ('How many passengers did the ferry carry in 2032?', '612,400 passengers'),
    ('What did the fixed link study estimate a tunnel under the strait would cost?', '1.4 billion crowns'),
    ('Who keeps the wildlife sightings log for the crossing?', 'Ottoline Brandreth'),
    ('What is the starting hourly wage in the deckhand job advertisement?', '21.40 crowns per hour'),
]


def _multi_timetable() -> list[str]:
    out = ['Sallow Strait Ferry: Timetable and Fares', 'Lantern Line Ferries Cooperative. Timetable valid for the winter season, from the first Monday of November until the Saturday before Easter. All times are local. Crossing time is approximately 35 minutes.']
    seasons = [('Monday to Friday', 6 * 60 + 10, 75, 13), ('Saturday', 7 * 60 + 0, 90, 10), ('Sunday and public holidays', 8 * 60 + 30, 120, 6)]
    for label, first, gap, n in seasons:
        deps = [first + k * gap for k in range(n)]
        fmt = lambda t: f'{t // 60:02d}:{t % 60:02d}'
        out.append(f'{label}. Departures from Brackenmoor: ' + ', '.join(fmt(t) for t in deps) +
                   '. Departures from Inch Carrow: ' + ', '.join(fmt(t + 45) for t in deps) + '.')
    out.append('The last sailing from Inch Carrow on weekdays connects with the final bus to Lisker Cross, which waits up to fifteen minutes for a late-running ferry. Additional sailings run on the evenings of the Carrow Agricultural Show and on the night of the Midwinter Lantern Procession; these are announced a month in advance.')
    fares = [('Adult foot passenger, single', '6.80'), ('Adult foot passenger, day return', '11.20'), ('Child (5 to 15), single', '3.40'),
             ('Child under 5', 'free'), ('Senior or student card holder, single', '4.90'), ('Island resident, single (with resident card)', '2.10'),
             ('Car up to 5 metres, single, driver included', '31.00'), ('Car up to 5 metres, day return', '52.50'),
             ('Van or car over 5 metres, single', '44.00'), ('Motorcycle, single, rider included', '14.60'), ('Bicycle', '4.50 crowns per crossing'),
             ('Book of ten resident singles', '18.00'), ('Commercial vehicle over 3.5 tonnes', 'by arrangement')]
    out.append('Fares (in crowns). ' + '; '.join(f'{k}: {v}' for k, v in fares) +
               '. Dogs travel free. Fares are payable by card on board or at the ticket office; cash is accepted only at the Brackenmoor office.')
    out.append('Vehicle bookings are strongly recommended on Fridays, Sundays and during school holidays. Bookings can be changed free of charge up to two hours before departure. Foot passengers and cyclists cannot book and are carried in order of arrival.')
    return out


MULTI_DOCS = [
    ['A Short History of the Sallow Strait Crossing',
     'People have crossed the Sallow Strait for as long as there have been people on Inch Carrow. For most of that time the crossing was made in open rowing boats, the largest of which could carry a horse if the animal was calm and the water was calmer. The ferry rights belonged to the Carrow estate, which leased them to a family of boatmen in Brackenmoor for a rent of two barrels of herring a year.',
     'The age of steam reached the strait in 1887, when the Brackenmoor and Carrow Steam Packet Company launched the Mirren Belle, a small paddle steamer built on the river at Lisker. She could carry eighty passengers and a cart, and she made four crossings a day in summer and two in winter. Islanders were suspicious of her at first, and for several years the rowing boats continued to carry those who preferred not to trust their lives to a boiler. She served for thirty-one years, and her bell now hangs in the porch of the parish church on Inch Carrow.',
     'After the First World War the steam packet company struggled. Motor vehicles were arriving on the island, and the old slipways could not handle them. In 1926 the company built the stone pier at Brackenmoor that is still in use today, and bought a former naval tender which was converted to carry two motor cars on her foredeck, loaded by planks that the crew laid from the pier at high tide. Loading a car was a spectacle that drew crowds of children.',
     'The company went bankrupt in 1951, and for three years the crossing was run by the county council. In 1954 the islanders formed the Lantern Line Ferries Cooperative, named after the lanterns that had guided boats into the island harbour before the lighthouse was built. Every island household was entitled to buy one share, and most did. The cooperative still owns the service, and its members elect the board each spring at a meeting in the island hall.',
     'The cooperative\'s first purpose-built ferry, the Ellen Tanner, arrived in 1963. She was the first vessel on the crossing with a ramp, so that cars could drive on and off. She was followed by the Sound of Carrow in 1979 and the Lantern Queen in 1998, the vessel that many current passengers know best. Each new ferry was bigger than the last, reflecting the growth of tourism on the island.',
     'The crossing has had its dramatic moments. In the great storm of 1938 a steamer was driven aground near the island pier, and the passengers were brought ashore by a human chain of islanders standing waist-deep in the surf. In 1971 a ferry carried a surgeon across in a gale to operate on a child with appendicitis, a journey remembered in a local song. And in 2009 the crossing was closed for eleven days when the Brackenmoor pier was damaged by a ship that lost power in a storm.',
     'Today the crossing is more than a transport link. For islanders it is the road to school, to hospital and to work; for visitors it is the first view of the island, with the cliffs of Carrow Head rising ahead. The history society on Inch Carrow keeps a collection of photographs, tickets and timetables from every era of the crossing, which can be seen in the island hall on Wednesday afternoons.'],
    ['Island Ferry Welcomes New Hybrid Vessel',
     'Inch Carrow\'s new ferry, the Kittiwake Dawn, entered service on the Sallow Strait crossing this week, after a ceremony at Brackenmoor pier attended by about four hundred islanders, many of whom had crossed on the old Lantern Queen for the last time the day before.',
     'The Kittiwake Dawn was built at the Osterhaven yard over two years and is the first hybrid vessel on the crossing. She carries batteries which are charged from the shore at Brackenmoor overnight and during longer stops, and diesel generators which are used when the batteries run low or in heavy weather. The cooperative expects her to use about sixty per cent less fuel than the Lantern Queen.',
     'The new ferry can carry 64 cars and 420 passengers, compared with 38 cars and 300 passengers on the vessel she replaces. The extra capacity should end the long queues for vehicles on summer Fridays, which the cooperative\'s chair described as the most common complaint from both islanders and visitors.',
     '"This is the biggest investment the cooperative has made in its history," said the chair, Isolde Kernick. "It was only possible because islanders voted to back it, and because the government\'s island transport fund met half of the cost. We have built a vessel for the next thirty years, not the last thirty."',
     'The ferry\'s name was chosen by a vote among island schoolchildren, who were asked to suggest the name of a bird that can be seen from the crossing. The kittiwake, a small gull that nests on the cliffs of Carrow Head, won by a wide margin. The ceremony was performed by the oldest resident of the island, who was one hundred and one years old and who remembered crossing on the Ellen Tanner as a young woman.',
     'Not everyone is happy. Some residents of the houses near Brackenmoor pier have complained about the noise of the charging equipment, and the cooperative has agreed to install an acoustic screen. Others have questioned whether the ferry will cope with the short, steep seas of the strait in winter, when the old vessel was occasionally unable to sail. The cooperative points out that the Kittiwake Dawn is heavier and has more powerful engines, and that she passed her sea trials in a force eight gale.',
     'The Lantern Queen will be sold. Several buyers have expressed interest, including an operator of ferries on a lake in the mountains, which would transport her in sections by road. Islanders who want a memento can buy pieces of her original wooden handrail, which will be auctioned in aid of the island lifeboat.'],
    ['Brackenmoor Harbour Committee: Minutes of the Meeting held in the Harbour Office',
     'Present: the harbour master (in the chair), four elected members, the representative of the Lantern Line Ferries Cooperative, the representative of the Brackenmoor Fishermen\'s Association, and the clerk. Apologies were received from the district councillor.',
     'Item 1. Minutes of the previous meeting. The minutes were approved as a correct record, subject to the correction of the date of the dredging survey, which took place in September and not October.',
     'Item 2. Harbour dues. The clerk reported that income from harbour dues was eight per cent above budget for the first half of the year, mainly because of visiting yachts. The committee agreed to hold dues for fishing vessels at their current level for a further year, and to increase dues for visiting yachts by five per cent from April.',
     'Item 3. Waiting room. The representative of the cooperative reported that the new waiting room at the landward end of the pier is complete and will open to the public next month. It has seats for sixty people, a heated floor, toilets and a screen showing live sailing information. The committee discussed names for the room. After several suggestions, the committee voted unanimously to name it the Wenna Pascoe Room, in honour of the ticket clerk who worked at the pier for forty-four years and was known to generations of travellers for her kindness and her flasks of tea on stormy days. A plaque will be unveiled by her family.',
     'Item 4. Pier lighting. The harbour master reported that two of the lamps on the pier are failing. The committee agreed to replace all eight lamps with low-energy fittings, which will reduce the running cost and the glow that neighbours have complained of, subject to a quotation below the delegated limit.',
     'Item 5. Fishermen\'s Association. The representative raised concerns about the new ferry\'s wash when passing the moorings at the inner harbour at speed. The representative of the cooperative agreed to ask the masters to reduce speed inside the breakwater, and to report back at the next meeting.',
     'Item 6. Dredging. The committee noted the survey, which shows that the channel to the inner harbour has silted by about forty centimetres since the last dredge. The harbour master will seek three quotations for dredging in the spring, outside the bird nesting season.',
     'Item 7. Any other business. A member asked whether the pier could host the Midwinter Lantern Procession again this year. The committee agreed, provided that the organisers provide stewards and public liability insurance. The meeting closed at 9.15 p.m. The next meeting will be held on the first Tuesday of next month.'],
    ['Frequently Asked Questions: Travelling on the Sallow Strait Ferry',
     'Do I need to book? Vehicles should be booked, especially at weekends and in school holidays. Foot passengers and cyclists do not need to book and cannot do so; they are carried in the order in which they arrive at the pier. In the summer we recommend arriving twenty minutes before departure.',
     'Can I take my dog? Yes. Dogs are welcome and travel free, but they must be kept on a lead and must travel on the open upper deck, not in the passenger lounge. Assistance dogs may travel anywhere on board. There is a water bowl by the upper deck stairs.',
     'Can I stay in my car during the crossing? No. For safety reasons all passengers must leave the vehicle deck before departure and may not return to it until the crew announce that the ferry has docked. Please remember to take anything you need for the crossing with you.',
     'Is there food on board? The kiosk in the lounge sells hot drinks, soup, sandwiches and island-made cakes. The kiosk closes ten minutes before arrival. Alcohol is not sold on board.',
     'What happens if the weather is bad? Sailings may be delayed or cancelled in severe weather. Please check the sailing status on the cooperative\'s information line or the screen at the pier before travelling. Our disruption policy explains the decisions the master takes and how refunds work.',
     'Can I carry fuel, gas bottles or other dangerous goods? Small camping gas cylinders may be carried in vehicles. Larger quantities of fuel, gas or other dangerous goods must be declared when booking and may only travel on the first sailing of the day, when there are no other passengers on the vehicle deck.',
     'Do you carry livestock? Yes, by arrangement, in trailers on the vehicle deck. Animal trailers travel on designated sailings on Tuesdays and Thursdays.',
     'Where is the lost property office? Items found on board are kept at the ticket office at Brackenmoor for three months. Valuable items are handed to the police.',
     'Can I bring a kayak or a paddleboard? Yes, on a vehicle roof, or carried by hand as a foot passenger if it can be stowed in the cycle area; the bicycle fare applies.',
     'Who runs the ferry? The ferry is run by the Lantern Line Ferries Cooperative, which is owned by the households of Inch Carrow. Any profit is reinvested in the service.'],
    ['Three Days on Inch Carrow: A Travel Diary',
     'I had wanted to visit Inch Carrow ever since a friend described it to me as the place where the weather changes four times before lunch and nobody minds. In the end I went in late September, when the summer crowds had gone and the ferry was half empty. We crossed on the new boat, which was spotless and smelled faintly of fresh paint, and I spent the whole crossing on deck watching gannets dive into the strait.',
     'Day one. The island\'s only village sits around a small harbour, with a church, a shop that sells everything from fishing line to birthday cards, and two pubs. I stayed at a guest house above the harbour run by a retired lighthouse keeper, who told me more about fog signals than I knew there was to know. In the afternoon I walked out to Carrow Head, a steep climb rewarded by views along the whole coast of the mainland and, on a clear day, the mountains beyond.',
     'In the evening I took my host\'s advice and ate at The Copper Gull, the smaller of the two pubs, where the smoked eel pie is reason enough to make the crossing. The eels are smoked in a shed behind the pub, and the pie comes with a sharp apple chutney and a glass of the island\'s cloudy cider. The other pub, the Anchor, is livelier and has music on Fridays, but for food I would go back to the Gull every time.',
     'Day two. I hired a bicycle from the shop and cycled the island\'s single road, which forms a loop of about eighteen kilometres. It is hillier than it looks. Halfway round there is a standing stone in a field of sheep, and a honesty box at a farm gate selling eggs and jam. I spent an hour on the beach at Sandwick, which was empty apart from a pair of oystercatchers and a seal that watched me from the shallows with what I can only describe as mild disapproval.',
     'In the afternoon the weather did its famous trick: sun, then horizontal rain, then a double rainbow over the harbour. I sheltered in the island hall, where the history society had an exhibition of old ferry tickets and photographs, including a remarkable picture of a motor car being loaded onto a steamer on planks.',
     'Day three. I joined a boat trip around the island run by one of the fishermen, who took us under the cliffs to see the seabird colonies, now mostly empty as the birds had left for the winter, and into a sea cave where the water glowed green. On the way back we were followed by a small group of porpoises. The skipper said that the ferry crew see them almost daily and that somebody on the island keeps a record of every sighting.',
     'Practical notes. Book your car if you take one, but you don\'t need one: everything is within walking or cycling distance. The shop closes at lunchtime on Wednesdays and all day on Sundays. Mobile reception is patchy away from the village. And whatever the forecast says, bring waterproofs.'],
    ['Lantern Line Ferries: Disruption Policy',
     'The safety of passengers and crew is our first priority. This policy explains how decisions to delay or cancel sailings are taken, how we tell you, and what we will do to help you if your journey is disrupted.',
     'Who decides? The master of the vessel decides whether it is safe to sail, taking into account the wind, the sea state, visibility, the tide and the condition of the vessel. The master\'s decision is final, and the cooperative will support it.',
     'Wind limits. Sailings are suspended when the sustained wind speed at the Brackenmoor pier anemometer exceeds 45 knots, or when gusts exceed the limits set for berthing at either pier. In practice, sailings are often suspended at lower wind speeds when the wind blows from the southwest, because the sea at the island pier becomes dangerous when the wind and the tide are opposed. The master may also decide to sail at a different time to take advantage of a favourable tide.',
     'Fog. In dense fog the ferry may continue to sail using radar, but departures may be delayed until the master is satisfied that the crossing can be made safely. The ferry will sound her fog signal throughout the crossing.',
     'How will I know? Changes to sailings are posted on the cooperative\'s information line, on the screens at both piers and on the island radio station. Passengers with vehicle bookings will receive a text message. When severe weather is forecast, we will publish an amber alert the evening before, meaning that sailings the next day are at risk.',
     'What if my sailing is cancelled? Passengers with bookings may transfer to the next available sailing or receive a full refund. We will give priority on the first sailings after a disruption to emergency services, medical appointments, perishable goods and livestock, and then to passengers in the order of their original bookings.',
     'Help for stranded passengers. If the last sailing of the day is cancelled and you are unable to return home, the cooperative will help you find accommodation and, for island residents stranded on the mainland, will contribute up to sixty crowns per night towards the cost. Our staff at both piers have a list of guest houses that have agreed to accept stranded passengers at short notice.',
     'Medical emergencies. In a medical emergency when the ferry cannot sail, patients are transferred by the air ambulance or the lifeboat. The ferry crew will assist the emergency services in any way they can.'],
    ['Accessibility Guide: The Kittiwake Dawn and the Sallow Strait Piers',
     'This guide describes the facilities for disabled passengers and those with reduced mobility on our ferry and at both piers. If you have any questions or would like to arrange assistance, please contact the ticket office at least a day before you travel.',
     'Getting on board. At Brackenmoor, foot passengers board by a covered gangway with a gentle slope and handrails on both sides. At Inch Carrow the gangway can be steeper at low tide, and crew will help passengers who need it. Passengers who cannot use the gangway may board with their vehicle or be driven on board by a member of staff in the cooperative\'s accessible car.',
     'On board. A lift connects the vehicle deck to the passenger lounge. The lounge has four wheelchair spaces with seat belts, near the windows on the starboard side, and an accessible toilet with an alarm cord. The kiosk counter has a lowered section. Information is announced over the public address system and shown on screens, and the announcements are also available through a hearing loop in the lounge.',
     'Parking. Disabled passengers travelling in a vehicle will be placed near the lift on the vehicle deck. Please tell staff when you check in. There are three accessible parking bays at the Brackenmoor pier car park and two near the island harbour.',
     'Assistance dogs. Assistance dogs are welcome in all areas of the vessel and the piers.',
     'Companions. A companion travelling with a disabled passenger to provide assistance travels free on foot passenger fares.',
     'Feedback. We are always trying to improve. The cooperative\'s accessibility panel, which includes island residents with disabilities, meets twice a year and welcomes comments from passengers.'],
    ['Lantern Line Ferries Cooperative: Annual Report to Members (Extract)',
     'The year 2032 was the busiest in the cooperative\'s history. The ferry carried 612,400 passengers, an increase of nine per cent on the previous year, together with 118,300 cars and 6,950 commercial vehicles. The growth came mainly in the summer months, when visitor numbers reached a new record, but winter traffic also rose as more islanders commuted to work on the mainland.',
     'Reliability remained high. Of the sailings scheduled during the year, ninety-seven point eight per cent operated, and most of the cancellations were due to weather in January and February. Punctuality, defined as departure within ten minutes of the timetable, was ninety-four point one per cent.',
     'Finances. Income from fares rose to 9.8 million crowns, and the cooperative recorded a surplus of 640,000 crowns after depreciation, all of which has been transferred to the vessel replacement reserve. The board recommends that fares for island residents should remain unchanged for the coming year, and that visitor fares should rise by three per cent.',
     'The new vessel. The construction of the new hybrid ferry made good progress during the year. The hull was launched at the builder\'s yard in the autumn, and sea trials are planned for the spring. The project remains within its budget of 31 million crowns, of which half is met by the government\'s island transport fund and the remainder by a loan from the regional development bank and the cooperative\'s reserves.',
     'Staff. The cooperative employed fifty-six people at the end of the year, of whom forty-one live on the island. Two deckhands completed their training as masters, and the cooperative\'s apprenticeship scheme took on four school leavers.',
     'Members. The number of member households increased to 311. The annual general meeting will be held in the island hall in April, when three places on the board will be elected. Members are reminded that nominations must be received by the secretary a month before the meeting.'],
    ['Wildlife from the Ferry: Sightings Log (Extract)',
     'The Sallow Strait is rich in marine life, and the crossing is one of the easiest ways to see it. Since 2028 the ferry crew and passengers have recorded sightings in a log kept at the kiosk. The log is compiled and checked by Ottoline Brandreth, a retired marine biologist who lives on the island and who publishes a summary every month in the island newsletter. Below is an extract from the log for the late summer, followed by her notes.',
    ],
]

MULTI_EXTRA_DOCS = [
    ['Walking on Inch Carrow: Five Routes',
     'Inch Carrow is small enough to walk around in a day, but it rewards slower exploration. These five routes start and finish at the harbour, except where noted. Paths are generally good but can be muddy after rain, and the cliff paths are unfenced. Please keep dogs on leads near livestock and during the bird nesting season.',
     'Route 1: Carrow Head (5 kilometres, about two hours). From the harbour, follow the road past the church and take the signed path up the hill. The climb is steep but short, and the summit has a viewpoint indicator showing the mountains on the mainland. Return by the same path or continue north along the cliff top to join Route 2.',
     'Route 2: The North Cliffs and the Seabird Colonies (7 kilometres, about three hours). This route follows the cliff top from Carrow Head to the old coastguard lookout. Between May and July the cliffs are crowded with kittiwakes, guillemots and razorbills, and puffins nest on the grassy slopes near the lookout. Keep well back from the edge. The route returns inland along a farm track.',
     'Route 3: Sandwick and the Standing Stone (6 kilometres, about two hours). A gentle walk along the island road to the sandy bay at Sandwick, returning by a field path past the standing stone known as the Grey Wife. The bay is safe for paddling at low tide, but swimmers should beware of currents near the rocks at its northern end.',
     'Route 4: The Salt Pans and the East Shore (4 kilometres, about ninety minutes). A short, flat walk along the shore south of the harbour to the remains of the eighteenth-century salt pans, where sea water was boiled to make salt for curing herring. Look out for otters along the shore at dawn and dusk.',
     'Route 5: Round the Island (18 kilometres, about six hours). The full circuit, combining the road and the cliff paths. Carry water and food: there are no shops outside the village. Walkers catching the last ferry should allow plenty of time, as the last two kilometres back to the harbour are uphill.',
     'The island hall sells a printed map of all five routes, with notes on the history and wildlife along the way, for three crowns. Profits support the upkeep of the paths, which is done by volunteers on the first Saturday of each month.'],
    ['Brackenmoor Tide Table (Extract)',
     'Predicted times and heights of high and low water at Brackenmoor pier for the first three weeks of the month. Times are local; heights are in metres above chart datum. Predictions may differ from actual levels in strong winds or when air pressure is unusually high or low. Ferry sailings may be adjusted around the lowest tides.',
     '__TIDES__',
     'The tidal stream in the strait runs at up to four knots at spring tides, setting north on the flood and south on the ebb. Small craft should avoid the tide race off Carrow Head when wind and tide are opposed.'],
    ['Island Newsletter: Community Notices',
     'Harvest supper. The harvest supper will be held in the island hall on the last Saturday of the month. Please bring a dish to share. Tickets cost five crowns for adults and children eat free. Proceeds go to the hall roof fund, which is now within reach of its target.',
     'Lifeboat open day. The lifeboat station will hold its open day on Sunday afternoon, with demonstrations by the crew, a tombola and cream teas. The station is looking for new volunteers, both for the crew and for shore roles such as tractor driving and fundraising.',
     'School news. Inch Carrow Primary School now has nineteen pupils, the highest number for fifteen years. The children have been studying the history of the ferry and will present their work at the harvest supper. The school thanks the cooperative for the tour of the new ferry\'s bridge.',
     'Mobile library. The mobile library crosses on the first Thursday of each month and parks outside the shop from eleven until two. Requests can be made by telephone to the library in Brackenmoor.',
     'Lost: one grey cat, answering to the name of Admiral, last seen near the salt pans. Please contact the shop if you see him.',
     'Doctor\'s surgery. The visiting doctor holds surgeries on Tuesdays and Fridays in the island hall. The nurse is available every weekday morning. In an emergency, call the emergency services as usual; the air ambulance can land on the playing field.',
     'Community council. The community council has responded to the fixed link study. A summary of its response is available from the shop, and the full study can be read in the island hall.'],
    ['Sallow Strait Fixed Link Study: Summary of Findings',
     'This summary presents the findings of the study commissioned by the regional transport authority into the feasibility of replacing the Sallow Strait ferry with a fixed link between Brackenmoor and Inch Carrow. The study considered a bridge, a bored tunnel and an immersed tube tunnel, and compared them with continued operation of the ferry.',
     'The strait is about three kilometres wide at its narrowest point, with a maximum depth of forty-two metres and strong tidal currents. The navigation channel used by vessels serving the mainland ports must remain open, which means that a bridge would need a clear span of at least four hundred metres and a clearance of forty-five metres above high water.',
     'Costs. The study estimated that a bridge would cost about 980 million crowns and a bored tunnel under the strait about 1.4 billion crowns, including approach roads, at current prices. An immersed tube tunnel was rejected because of the environmental impact of dredging a trench across the seabed, which supports important fisheries. Annual maintenance costs would be about eight million crowns for the bridge and eleven million for the tunnel.',
     'Demand. The study forecast that a fixed link would roughly double traffic between the island and the mainland, mainly because of more frequent trips by islanders and day visitors. It would also allow islanders to commute to the mainland more easily, which could reverse the decline in the island\'s working-age population. On the other hand, it could increase pressure on the island\'s roads and change the character of the island.',
     'Comparison with the ferry. The new hybrid ferry has a design life of thirty years, and its operating costs are covered by fares and a modest subsidy. The study found that a fixed link would not offer value for money on transport grounds alone, given the island\'s population of just over seven hundred, unless wider economic benefits were included.',
     'Recommendation. The study recommends that the authority should not proceed with a fixed link at present, but should review the question when the new ferry is halfway through its life, taking into account changes in the island\'s population and economy. It also recommends improvements to the ferry timetable in the evenings, which islanders identified as the main limitation of the current service.'],
    ['Situations Vacant: Deckhand, Lantern Line Ferries Cooperative',
     'The Lantern Line Ferries Cooperative is looking for a deckhand to join the crew of the Kittiwake Dawn on the Sallow Strait crossing. This is a permanent, full-time position working a rota of four days on and three days off, including weekends and public holidays.',
     'The role. Deckhands assist passengers, direct vehicles on and off the vessel, handle mooring lines, keep the vessel clean and carry out routine maintenance under the direction of the mate. They take part in safety drills and may be required to assist in emergencies.',
     'About you. You will be physically fit, able to work outdoors in all weathers, and good with people. Previous experience at sea is an advantage but not essential, as full training will be given, including the sea survival, first aid and fire-fighting courses required for the role. You must be willing to live on Inch Carrow or within easy reach of Brackenmoor pier.',
     'Pay and conditions. The starting wage is 21.40 crowns per hour, rising after successful completion of training. The cooperative pays into a pension scheme and provides uniform and safety equipment. Deckhands who wish to progress can be supported through the qualifications needed to become a mate or a master.',
     'How to apply. Please send a short letter explaining why you are interested in the role, with the names of two referees, to the operations manager at the ticket office, Brackenmoor pier. Informal visits to the vessel can be arranged. The closing date for applications is the end of the month.'],
    ['Passenger Reviews: Sallow Strait Ferry',
     'These reviews were left by passengers on the cooperative\'s feedback page over the last year. They are published unedited except for the removal of names.',
     '__REVIEWS__'],
]

MULTI_MORE_DOCS = [
    ['Inch Carrow Lifeboat Station: Report of the Year',
     'The Inch Carrow lifeboat was launched twenty-seven times during the year, rescuing or assisting forty-one people. It was the station\'s second busiest year since the present boathouse was built, and the crew and shore helpers gave more than three thousand hours of their time to launches, training and maintenance.',
     'The most demanding service of the year took place in March, when a fishing vessel lost power in a southwesterly gale and drifted towards the rocks below Carrow Head. The lifeboat reached her within twenty minutes of the call and towed her clear, with four crew on board, in seas that the coxswain described as the worst he had seen in twenty years. The ferry, which was unable to sail that day, stood by at the island pier with her crew ready to assist.',
     'Other services included searches for overdue kayakers, medical evacuations when the air ambulance could not fly, and help for yachts with engine failure in the tide race. On two occasions the lifeboat carried patients across the strait to a waiting ambulance at Brackenmoor pier when the ferry was stormbound.',
     'The station welcomed three new crew members during the year, two of whom are deckhands on the ferry. Fundraising by islanders and visitors raised more than forty thousand crowns, including the proceeds of the auction of the old ferry\'s handrail.',
     'The station thanks the ferry cooperative for its continued support, including free passage for crew travelling to training on the mainland.'],
    ['The Midwinter Lantern Procession',
     'On the longest night of the year, the people of Inch Carrow walk from the church to the harbour carrying lanterns, in a procession that islanders say is older than anyone can remember. The lanterns recall the lights that were once hung on the harbour wall to guide fishing boats home before the lighthouse was built, and the procession ends with the lighting of a great lantern on the end of the pier.',
     'In the past the lanterns were made from hollowed turnips with candles inside. Today most are made of paper and willow at workshops in the island hall during the weeks before the solstice, and the children of the island school make a lantern in the shape of a different animal each year. Recent years have seen a puffin, a seal and a giant kittiwake in honour of the new ferry.',
     'The procession has grown in recent years, and visitors now come from the mainland to join it. The ferry cooperative runs a late sailing on the night of the procession, and many visitors watch the lights on the pier from the deck of the ferry as she leaves for Brackenmoor. In Brackenmoor, a smaller procession is held on the same night, and the two communities signal to each other across the strait with lanterns at the stroke of nine.',
     'Islanders are keen that the procession should remain a community event rather than a tourist attraction. There are no stalls or advertising, and the only refreshment is the soup served in the island hall afterwards, made by the same family for three generations.'],
    ['Island Produce Directory',
     'A directory of producers on Inch Carrow who sell to the public. Many sell from the farm gate or through the island shop; some send orders to the mainland on the ferry. Opening times vary with the season.',
     '__PRODUCERS__'],
    ['Ticket Offices: Opening Hours and Contacts',
     'Brackenmoor ticket office, at the landward end of the pier: open from thirty minutes before the first sailing until the last sailing has departed, every day except Christmas Day. Card and cash payments accepted. Left luggage lockers are available for a small charge.',
     'Inch Carrow ticket office, in the harbour building: open from thirty minutes before the first sailing until noon, and from thirty minutes before each afternoon sailing. Card payments only. Resident cards can be applied for and renewed here, with proof of address on the island.',
     'Vehicle bookings can be made at either office, by telephone during office hours, or through the cooperative\'s booking line at any time. Group bookings for ten or more foot passengers should be made at least a week in advance so that the crew can plan for them.',
     'Freight. Hauliers should contact the freight desk at Brackenmoor, which handles bookings for commercial vehicles, livestock trailers and dangerous goods. The freight desk is staffed on weekdays from seven in the morning until five in the afternoon.',
     'Complaints and compliments. Comments can be left at either ticket office or sent to the cooperative\'s secretary. We aim to reply to every complaint within ten working days. Unresolved complaints can be referred to the regional transport authority\'s passenger panel.'],
    ['Brackenmoor Pier Car Park: Charges and Regulations',
     'The car park at Brackenmoor pier is owned by the harbour committee and managed on its behalf by the district council. It has two hundred and ten spaces, including three accessible bays and eight spaces with electric vehicle chargers.',
     'Charges: up to 4 hours, 3 crowns; up to 24 hours, 7 crowns; each additional day, 5 crowns; weekly ticket, 28 crowns. Island residents with a resident permit pay 60 crowns per year. Charging at the electric vehicle points is paid separately, per unit of electricity.',
     'Regulations. Vehicles must be parked within a marked bay. Overnight sleeping in vehicles is not permitted. Vehicles left for more than twenty-eight days without a valid ticket may be removed. The car park may be closed at short notice when high tides and onshore winds bring a risk of flooding, in which case drivers will be directed to the overflow car park at the old railway yard.',
     'The harbour committee reviews the charges each year. Income from the car park is used for the maintenance of the pier and the harbour.'],
]

MULTI_PRODUCERS = [
    ('Sandwick Farm', 'eggs, lamb and mutton', 'farm gate honesty box, all year'),
    ('The Smokehouse behind The Anchor', 'smoked mackerel and kippers', 'Friday and Saturday mornings'),
    ('Carrow Head Bees', 'heather honey and beeswax candles', 'island shop and by order'),
    ('East Shore Salt', 'sea salt made in a small restored salt pan', 'island shop, summer only'),
    ('Greywife Croft', 'hand-spun wool and knitted hats', 'by appointment'),
    ('Harbour Crab Boat', 'crab and lobster, landed daily in season', 'at the harbour when the boat comes in'),
    ('Old Manse Orchard', 'apples, cloudy cider and apple chutney', 'autumn weekends'),
    ('Island Bakehouse', 'bread, oatcakes and the cakes sold on the ferry', 'daily except Sunday'),
    ('Northfield Dairy', 'raw milk and a soft cheese called Carrow White', 'farm shop, mornings'),
    ('Seaweed Sisters', 'dried dulse and seaweed bath products', 'online and at the island hall market'),
    ('Lookout Pottery', 'stoneware glazed with ash from island driftwood', 'studio open most afternoons'),
    ('Kelpie Gin', 'gin flavoured with island botanicals', 'by order, collection from the harbour'),
]


MULTI_REVIEWS = [
    (5, 'Crossed with the kids and a very excited dog. Crew were lovely and the kiosk cake was excellent.'),
    (4, 'Good service, but the car queue on a Friday in July was long even though we had booked. Worth arriving early.'),
    (5, 'The new boat is so quiet when it is running on batteries. You can hear the seabirds from the deck.'),
    (2, 'Sailing cancelled because of wind, which was fair enough, but the information line took an hour to update.'),
    (5, 'I use the ferry every day to get to work. Staff know everyone by name. Could not ask for more.'),
    (3, 'Fine crossing, but no alcohol on board and the kiosk closed early. Bring a flask.'),
    (4, 'Very helpful with my mother\'s wheelchair. The lift was out of order on the way back, though, and we had to wait.'),
    (5, 'Saw porpoises on the way over and a rainbow on the way back. Magic.'),
    (1, 'Missed the last boat by two minutes and it did not wait. Had to stay the night in Brackenmoor.'),
    (4, 'Clean, punctual and cheap for residents. Visitors pay more, which seems fair.'),
    (5, 'Took my bicycle across for the day and cycled the whole island. Easy and well organised.'),
    (3, 'A bit rolly on the way back in a westerly. The crew were reassuring, but bring seasickness tablets if you need them.'),
    (5, 'Moved house to the island and brought a van full of furniture. The booking staff were brilliant.'),
    (4, 'Great views from the upper deck. The wind up there is fierce, mind.'),
    (2, 'Card machine was not working and they only take cash at Brackenmoor. Luckily a kind passenger lent me the fare.'),
    (5, 'Third generation of my family to cross on this ferry. The new boat is a credit to the island.'),
]


def _multi_tides() -> str:
    out = []
    for d in range(1, 22):
        hw1 = (5 * 60 + 40 + d * 50) % (24 * 60)
        hw2 = (hw1 + 12 * 60 + 25) % (24 * 60)
        lw1 = (hw1 + 6 * 60 + 10) % (24 * 60)
        lw2 = (hw2 + 6 * 60 + 10) % (24 * 60)
        rng = 3.1 + 1.4 * abs(((d + 3) % 14) - 7) / 7
        f = lambda t: f'{t // 60:02d}:{t % 60:02d}'
        out.append(f'Day {d}: high water {f(hw1)} ({rng + 0.6:.1f} m) and {f(hw2)} ({rng + 0.5:.1f} m); low water {f(lw1)} ({0.9 - rng / 10:.1f} m) and {f(lw2)} ({1.0 - rng / 10:.1f} m).')
    return ' \n\n'.join(out)


MULTI_SPECIES = ['harbour porpoise', 'grey seal', 'common seal', 'gannet', 'minke whale', 'bottlenose dolphin', 'basking shark',
                 'puffin', 'Arctic tern', 'otter', 'manx shearwater', 'risso\'s dolphin']
MULTI_OBSERVERS = ['the master', 'a deckhand', 'a passenger from the mainland', 'the kiosk staff', 'a visiting school group',
                   'the mate', 'an island resident', 'a birdwatching group']


def _multi_sightings() -> list[str]:
    rows = []
    for k in range(58):
        day = 1 + (k * 61) // 58
        month = 'August' if day <= 31 else 'September'
        day = day if day <= 31 else day - 31
        sp = MULTI_SPECIES[(k * 7) % len(MULTI_SPECIES)] if k % 3 else 'harbour porpoise'
        n = 1 + (k * 5) % 9 if sp not in ('minke whale', 'basking shark', 'otter') else 1 + k % 2
        when = ['the 07:25 sailing', 'the 09:55 sailing', 'a midday crossing', 'the 13:10 sailing', 'an evening crossing'][k % 5]
        where = ['mid-strait', 'off the Brackenmoor breakwater', 'near the island pier', 'in the tide race off Carrow Head', 'over the Sallow Bank'][(k * 3) % 5]
        rows.append(f'{day} {month}: {sp} ({n}), {where}, on {when}, reported by {MULTI_OBSERVERS[(k * 5) % len(MULTI_OBSERVERS)]}.')
    notes = ['Notes on the extract. The harbour porpoise is by far the most frequent visitor, seen on roughly two crossings in three during the summer, usually in small groups feeding in the tide race. Minke whales are seen most years in August, when sand eels are abundant over the Sallow Bank. The basking shark sightings were the first recorded from the ferry since the log began, and were confirmed by photographs.',
             'Passengers who see something are encouraged to tell the kiosk staff, who will add it to the log. Please note the time, the position as best you can, and the number of animals. Photographs are very welcome and help to confirm unusual sightings.']
    return ['Log entries, late summer:'] + rows + notes


def build_multidoc() -> dict:
    docs = [_multi_timetable()] + [list(d) for d in MULTI_DOCS]
    docs[-1] = docs[-1] + _multi_sightings()
    extra = [list(d) for d in MULTI_EXTRA_DOCS]
    extra[1] = [_multi_tides() if x == '__TIDES__' else x for x in extra[1]]
    extra[5] = extra[5][:-1] + [f'Rating {r} of 5. {txt}' for r, txt in MULTI_REVIEWS]
    walks, tides, news, link, job, reviews = extra
    lifeboat, lanterns, produce, offices, carpark = [list(d) for d in MULTI_MORE_DOCS]
    produce = produce[:-1] + [f'{n}: {what}. Where and when: {when}.' for n, what, when in MULTI_PRODUCERS]
    hist, table, news_ferry, minutes, faq, diary, policy, access, report, wildlife = [docs[i] for i in (1, 0, 2, 3, 4, 5, 6, 7, 8, 9)]
    # the order a search engine might rank them in for a query about the crossing
    docs = [hist, table, walks, news_ferry, lanterns, minutes, tides, faq, produce, diary, news, policy, lifeboat, access, report,
            offices, carpark, link, wildlife, reviews, job]
    text = '\n\n' + ' \n\n\n\n\n'.join(' \n\n'.join(d) for d in docs) + ' '
    qs, ans = zip(*MULTI_QA)
    return {'instructions': list(qs), 'outputs': list(ans), 'input': text, 'source': 'multidoc_qa', 'evaluation': 'f1'}


# ==============================================================================================
# L-Eval 5: gov_report_summ -- a long fictional audit report with a reference summary
# ==============================================================================================

GOV_PROVINCES = [
    # name, targeted premises, connected, grant (million crowns), main technology, distinct local detail
    ('Arden Vale', 21_400, 18_950, 96.4, 'fibre', 'The province\'s lead grantee, Vale Fibre Cooperative, is owned by its customers and reinvests its surplus in extending the network to outlying farms. We found its records to be the most complete of any grantee we examined.'),
    ('Corvane', 18_700, 16_210, 88.1, 'fibre', 'Construction was slowed by the floods of 2025, which damaged ducts laid along river valleys. The Ministry agreed to extend the deadline for two projects by eighteen months but did not record the reasons for the length of the extension.'),
    ('Halloway Marches', 25_900, 22_330, 131.7, 'fixed wireless', 'Most premises in the Marches are served by fixed wireless masts because the terrain makes fibre very expensive. Our speed tests at forty-two premises found that a third did not receive the minimum speed required by the grant agreement during the evening peak.'),
    ('Innisfern', 9_800, 9_410, 47.9, 'fibre', 'Innisfern came closest to meeting its target. Local officials attributed this to an early decision to combine fund grants with the province\'s own road maintenance program, so that ducts were laid while roads were already being dug up.'),
    ('Kestle', 14_200, 11_140, 77.3, 'fibre and fixed wireless', 'Two of Kestle\'s projects were awarded to the same company, which later went into administration. The Ministry recovered only part of the grant paid, and about 2,600 premises that had been counted as covered were left without service for several months.'),
    ('Lorrimer Fells', 11_600, 7_480, 69.0, 'fixed wireless', 'The Fells have the highest cost per premise in the Commonwealth, reflecting sparse settlement and difficult access. Several communities told us that they had not been consulted about the location of masts, some of which were placed where they could not serve the nearest houses.'),
    ('Marrowdene', 22_300, 19_870, 98.8, 'fibre', 'Marrowdene\'s grantee reported connecting premises that our inspectors found were already served by a commercial network built without public money. We estimate that up to 1,900 premises in the province may have been subsidised twice.'),
    ('Northwold', 19_100, 15_620, 104.2, 'fibre and satellite vouchers', 'Northwold issued the largest number of satellite vouchers, mainly to isolated farms and island communities. The Ministry does not know how many vouchers were used for services that remained in place after the first year, because it collects no data after the voucher is redeemed.'),
    ('Ostby', 16_500, 14_980, 73.6, 'fibre', 'Ostby\'s provincial government appointed a connectivity coordinator to work with grantees and communities, which officials there and grantees both described as the main reason the projects ran smoothly. No other province made a similar appointment.'),
    ('Pellingmoor', 27_800, 23_120, 142.5, 'fibre', 'Pellingmoor received the largest share of the fund. Its largest project, covering more than nine thousand premises, was completed fourteen months late, and the Ministry did not apply the delay penalties provided for in the grant agreement.'),
    ('Quenby Downs', 13_900, 11_760, 61.2, 'fixed wireless', 'Quenby Downs is the only province where the grantee publishes speed measurements for every mast. Residents we interviewed said this transparency helped them hold the provider to account when service fell short.'),
    ('Saltrigg', 38_800, 16_130, 110.1, 'fibre', 'Saltrigg has the largest number of unserved premises remaining. Its first-round project was cancelled after the grantee failed to secure access to poles owned by a power company, and a replacement project was awarded only in the third round.'),
]


GOV_PLACES = {
    'Arden Vale': ['Ardenmouth', 'Follybridge', 'Netherby Cross', 'Wraycombe'], 'Corvane': ['Lisscombe Rural', 'Meadgate Fields', 'Tarnside', 'Orrin Valley'],
    'Halloway Marches': ['Hallow Edge', 'Birkmoor', 'Coldwater Rigg', 'Stainby'], 'Innisfern': ['Fernhill', 'Innis Strand', 'Gortalee', 'Ballyvane'],
    'Kestle': ['Kestle Moor', 'Ravensby', 'Tullock', 'Hesketh Green'], 'Lorrimer Fells': ['Fellhead', 'Lorrimer Dale', 'Scarsgill', 'High Bannock'],
    'Marrowdene': ['Marrow Bridge', 'Dene End', 'Pollard Hythe', 'Saxby'], 'Northwold': ['Wold Top', 'Skellhaven', 'The Northwold Isles', 'Brantham'],
    'Ostby': ['Ostby Fen', 'Quaymouth', 'Linwater', 'Thorne St Ebba'], 'Pellingmoor': ['Pelling Vale', 'Moorgate', 'Harrowdown', 'Sedley Chase'],
    'Quenby Downs': ['Quenby Ridge', 'Chalkwell', 'Upper Downs', 'Ashcombe'], 'Saltrigg': ['Saltrigg Head', 'Brinefield', 'Rigg Mill', 'Cauldmere'],
}
GOV_GRANTEES = ['Vale Fibre Cooperative', 'Marchlink Wireless', 'Northwold Skyband', 'Pellingmoor Fibre Limited', 'Kestrel Networks',
                'Fellside Broadband Trust', 'Ostby Connect', 'Quenby Air', 'Saltrigg Digital', 'Greenline Telecom', 'Dene Networks',
                'Upland Radio Links']
GOV_STATUS = ['complete', 'complete', 'under construction', 'complete, final payment pending', 'under construction, behind schedule',
              'complete', 'cancelled and replaced', 'under construction']
GOV_VOICES = {
    'Arden Vale': 'A dairy farmer told us that the new connection allowed her to monitor her herd\'s milk yields from her phone and to sell cheese online, which now accounts for a quarter of her income.',
    'Corvane': 'A primary school head teacher said that, before the connection, pupils took turns to use a single laptop connected to a mobile hotspot, and that online lessons during school closures had been impossible.',
    'Halloway Marches': 'Several residents said that the service worked well in the daytime but became unusable in the evenings, when their children were doing homework and neighbours were streaming television.',
    'Innisfern': 'The owner of a small hotel told us that guests had previously cancelled bookings when they learned that there was no internet, and that occupancy had risen since the connection.',
    'Kestle': 'Residents whose provider had failed described months of uncertainty, in which they were told that the network outside their homes was finished but nobody could connect them to it.',
    'Lorrimer Fells': 'A mountain rescue team leader said that the connection at the team\'s base had transformed its ability to coordinate searches, but that many of the farms on the fells were still without a service.',
    'Marrowdene': 'A parish council chair told us that two companies had dug up the same village street within a year of each other, and asked why public money had been spent where a commercial network was already planned.',
    'Northwold': 'An island resident who used a satellite voucher said the service was reliable, but that the monthly charge after the first year was more than twice the reference price for fibre on the mainland.',
    'Ostby': 'A community group told us that the provincial coordinator had held public meetings in every village before construction, which helped to resolve disputes about the routes of cables across private land.',
    'Pellingmoor': 'A business association said that firms on two rural industrial estates had waited more than a year beyond the promised date, and that one engineering firm had moved to the provincial capital as a result.',
    'Quenby Downs': 'A resident who works from home said she checks the published speed measurements for her mast every week, and that the provider had fixed a fault within a day after she pointed to the figures.',
    'Saltrigg': 'Residents of the coastal villages said that they had been promised a connection three times since 2024 and had stopped believing the announcements.',
}
GOV_OFFICIALS = [
    'Provincial officials told us that they would welcome more information from the Ministry about the progress of projects in their area.',
    'Provincial officials said that the address data used to define eligible premises had been out of date in some areas, which had led to new houses being left out.',
    'Officials in the province told us that they had added their own funding to two projects to extend them to premises that the fund alone would not have reached.',
    'Provincial officials said that the permitting of works on provincial roads had been a bottleneck, and that they had since simplified the process.',
    'Officials told us that they had not been consulted about the choice of technology for their area, and would have preferred fibre to fixed wireless for the larger villages.',
]


GOV_PROVINCE_GRANTEES = {
    'Arden Vale': ['Vale Fibre Cooperative', 'Greenline Telecom'], 'Corvane': ['Greenline Telecom', 'Dene Networks'],
    'Halloway Marches': ['Marchlink Wireless', 'Upland Radio Links'], 'Innisfern': ['Greenline Telecom', 'Kestrel Networks'],
    'Kestle': ['Kestrel Networks', 'Upland Radio Links'], 'Lorrimer Fells': ['Fellside Broadband Trust', 'Upland Radio Links'],
    'Marrowdene': ['Dene Networks', 'Greenline Telecom'], 'Northwold': ['Northwold Skyband', 'Greenline Telecom'],
    'Ostby': ['Ostby Connect', 'Dene Networks'], 'Pellingmoor': ['Pellingmoor Fibre Limited', 'Greenline Telecom'],
    'Quenby Downs': ['Quenby Air', 'Upland Radio Links'], 'Saltrigg': ['Saltrigg Digital', 'Greenline Telecom'],
}


def _gov_projects() -> str:
    "Appendix IV: the sixty projects whose grant agreements we reviewed."
    out = []
    names = list(GOV_PLACES)
    for k in range(60):
        prov = names[k % 12]
        j = k // 12
        place = GOV_PLACES[prov][j % 4]
        techs = [p for p in GOV_PROVINCES if p[0] == prov][0][4].split(' and ')
        tech = techs[j % len(techs)]
        rnd = {'fibre': 1 + (k * 7) % 4, 'fixed wireless': 2 + (k * 5) % 3, 'satellite vouchers': 4}[tech]
        grantee = GOV_PROVINCE_GRANTEES[prov][j % 2] if tech != 'satellite vouchers' else 'voucher scheme (several installers)'
        prem = 420 + (k * 397) % 3_900
        grant = prem * (4_300 + (k * 613) % 5_200) / 1e6
        status = GOV_STATUS[(k * 3) % len(GOV_STATUS)]
        out.append(f'Project {k + 1}: {place} ({prov}), round {rnd}, {tech}, grantee {grantee}; {prem:,} premises; grant {grant:.2f} million crowns; status: {status}.')
    return '\n'.join(out)


def _gov_survey() -> str:
    "Appendix VI: household survey results by province (851 responses = 46 percent of 1,850)."
    resp = split_total(851, [p[1] for p in GOV_PROVINCES])
    out = []
    for i, (name, target, done, grant, tech, _) in enumerate(GOV_PROVINCES):
        service = 70 + (i * 7) % 27
        satisfied = 55 + (i * 11) % 35 - (12 if 'wireless' in tech else 0)
        above = 6 + (i * 5) % 12
        know = 18 + (i * 9) % 30 + (25 if name == 'Quenby Downs' else 0)
        out.append(f'{name}: {resp[i]} responses; able to obtain a service {service} percent; satisfied with speed and reliability {satisfied} percent; '
                   f'paying more than the reference price {above} percent; knew how to complain {know} percent.')
    return '\n'.join(out)


GOV_INSPECTED = [11, 10, 12, 8, 10, 11, 12, 11, 9, 12, 9, 13]   # sums to the 128 sites in the methodology
GOV_DISCREPANT = [1, 3, 4, 0, 3, 4, 5, 2, 0, 1, 0, 3]            # sums to the 26 sites in Finding 2


def _num_word(n: int) -> str:
    return ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'][n]


def _gov_provinces() -> str:
    out = []
    leads = ['In {p}, ', 'For {p}, ', 'The fund\'s projects in {p} ', 'Turning to {p}, ', 'Grantees in {p} ', 'In the province of {p}, ']
    for i, (name, target, done, grant, tech, detail) in enumerate(GOV_PROVINCES):
        share = 100 * done / target
        cpp = grant * 1e6 / done
        lead = leads[i % len(leads)].format(p=name)
        if lead.endswith(', '):
            s1 = f'{lead}grantees had connected {done:,} of the {target:,} premises targeted by the end of March 2030 ({share:.0f} percent), with grants of {grant:.1f} million crowns.'
        else:
            s1 = f'{lead}had connected {done:,} of the {target:,} premises targeted by the end of March 2030 ({share:.0f} percent), with grants of {grant:.1f} million crowns.'
        s2 = f'The main technology used was {tech}, and the average grant per connected premise was about {round(cpp, -1):,.0f} crowns.'
        insp, disc = GOV_INSPECTED[i], GOV_DISCREPANT[i]
        s3 = (f'Our inspectors visited {insp} project sites in the province and found discrepancies between reported and actual coverage at {disc} of them.'
              if disc else f'Our inspectors visited {insp} project sites in the province and found no discrepancies between reported and actual coverage.')
        places = GOV_PLACES[name]
        s4 = (f'The projects in the province serve, among other areas, {places[0]}, {places[1]}, {places[2]} and {places[3]}. '
              f'{GOV_VOICES[name]} {cycle_pick(GOV_OFFICIALS, i * 2)}')
        left = target - done
        s5 = (f'About {left:,} targeted premises remain to be connected in {name}, ' +
              (f'most of them in the more remote parts of the province.' if share >= 80 else f'and on current progress the province is unlikely to reach its target before the fund closes.'))
        out.append(f'{name}\n{s1} {s2} {s3} {detail} {s4} {s5}')
    return '\n'.join(out)


GOV_SUMMARY = (
    'The Rural Connectivity Fund, created by the Rural Connectivity Act in 2024 and administered by the Ministry of Infrastructure and Digital Services, '
    'provided 1.2 billion crowns in grants to extend broadband to rural premises that commercial providers would not serve. The Auditor-General reviewed '
    'whether the fund had met its coverage target, whether the Ministry verified grantees\' reports, and whether the services delivered met the speed '
    'and price conditions of the grants. By March 2030 grantees reported connecting about 187,000 of the 240,000 premises targeted, so coverage expanded '
    'substantially, but results varied widely by province, from near completion in Innisfern to well under half in Saltrigg. The Ministry relied almost '
    'entirely on grantees\' self-reported data: it inspected only a small share of projects, and the auditors\' own inspections found discrepancies at '
    'about one site in five, including premises counted as covered that had no service and premises that may have been subsidised twice. The Ministry '
    'did not monitor speeds or prices after connection, did not apply delay penalties, scored applications inconsistently and did not always record '
    'conflict-of-interest declarations. Costs per premise also varied greatly. The report makes seven recommendations, including risk-based verification, '
    'independent speed testing, enforcement of penalties, a register of subsidised premises, and public reporting. The Ministry agreed with six and partly '
    'agreed with one.'
)


def build_gov() -> dict:
    targeted = sum(p[1] for p in GOV_PROVINCES)
    connected = sum(p[2] for p in GOV_PROVINCES)
    granted = sum(p[3] for p in GOV_PROVINCES)
    assert 235_000 <= targeted <= 245_000 and 184_000 <= connected <= 190_000, (targeted, connected)
    assert sum(GOV_INSPECTED) == 128 and sum(GOV_DISCREPANT) == 26
    shares = {p[0]: 100 * p[2] / p[1] for p in GOV_PROVINCES}
    cpp = {p[0]: p[3] * 1e6 / p[2] for p in GOV_PROVINCES}
    hi, lo = max(shares, key=shares.get), min(shares, key=shares.get)
    n_hi, n_lo = sum(v > 85 for v in shares.values()), sum(v < 200 / 3 for v in shares.values())
    cpp_lo, cpp_hi = int(min(cpp.values()) // 100 * 100), int(max(cpp.values()) // 1000 * 1000)
    L = []
    add = L.append
    add('OFFICE OF THE AUDITOR-GENERAL OF THE COMMONWEALTH OF ESTMARCH')
    add('Report to the Standing Committee on Public Accounts')
    add('RURAL CONNECTIVITY FUND: The Ministry Has Expanded Broadband Coverage, but Weak Oversight Leaves Results Unverified')
    add('Why We Did This Review')
    add('Reliable internet access has become essential for work, education, health care and public services. In 2024 the Assembly passed the Rural Connectivity Act, which created a fund of 1.2 billion crowns to subsidise broadband networks in rural areas where commercial providers do not plan to build. The Standing Committee on Public Accounts asked us to review how the Ministry of Infrastructure and Digital Services has managed the fund, and whether the public is getting what it paid for. This report examines (1) the extent to which the fund has met its coverage target, (2) how the Ministry verifies the coverage reported by grantees, (3) whether connected premises receive the speeds and prices required by the grants, (4) how grants were awarded, and (5) what the connections have cost.')
    add('What We Found')
    add(f'The fund has expanded rural broadband coverage substantially. By the end of March 2030, grantees reported that they had connected {connected:,} premises, or {100 * connected / targeted:.0f} percent of the {targeted:,} premises targeted when the fund was launched. Progress varied widely among the twelve provinces, from {shares[hi]:.0f} percent of the target in {hi} to {shares[lo]:.0f} percent in {lo}.')
    add('However, the Ministry does not know with confidence how many premises are actually able to buy a service. It relies almost entirely on coverage data reported by grantees and inspected on site only 41 of the 1,366 project areas, or 3 percent, up to March 2030. Our own inspections of a sample of project sites found discrepancies between reported and actual coverage at about one site in five, including premises counted as covered that could not obtain a service and premises that appear to have been subsidised twice.')
    add(f'The Ministry also does not monitor whether connected premises receive the minimum speeds and maximum prices required by the grant agreements. It did not apply the penalties for late completion provided for in the agreements, scored grant applications inconsistently, and did not always record whether its assessors had declared conflicts of interest. The grant per connected premise ranged from about {cpp_lo:,} crowns to more than {cpp_hi:,} crowns among provinces, and the Ministry has not analysed the reasons for these differences.')
    add('What We Recommend')
    add('We make seven recommendations to the Ministry, including that it introduce risk-based verification of reported coverage, commission independent speed testing, enforce delay penalties, establish a register of subsidised premises, and report publicly on the fund\'s results. The Ministry agreed with six of our recommendations and partly agreed with the seventh.')
    add('Introduction')
    add('This report sets out the results of our performance audit of the Rural Connectivity Fund. We conducted the audit from June 2029 to May 2030 under the Public Audit Act, which allows the Auditor-General to examine the economy, efficiency and effectiveness with which public bodies use their resources. We thank the Ministry, the provincial governments, the grantees and the many residents who took part in our interviews and surveys for their cooperation.')
    add('The fund is one of the largest programs of capital grants ever administered by the Ministry, and it reaches into communities that have often felt left behind by public investment. Its success matters not only for the premises it connects but also for the credibility of future programs. We have therefore looked not only at what has been achieved so far but at whether the Ministry\'s systems will allow it, and the Assembly, to know what has been achieved when the fund closes.')
    add('Background')
    add('The Rural Connectivity Act 2024 established the fund to provide grants to network operators for building broadband infrastructure to premises that are not served, and are not expected to be served within three years, by any commercial network offering at least the minimum speed defined in regulations. The regulations set the minimum at 30 megabits per second for downloads and 10 megabits per second for uploads during the busiest hour of the day. The Act requires the Ministry to report to the Assembly each year on the fund\'s progress.')
    add('The Ministry administers the fund through its Connectivity Grants Office, which had a staff of twenty-three at the time of our audit. The Office designs the grant rounds, assesses applications with the help of external technical advisers, signs grant agreements, makes payments against reported milestones, and monitors the projects. Provincial governments identify eligible premises, using an address register maintained by the national mapping agency, and may add their own funding to projects in their areas.')
    add('The fund has awarded grants in four rounds. In the first round, in 2024, the Ministry awarded large grants for fibre networks covering whole districts. In the second and third rounds it added fixed wireless networks, which use radio masts to reach premises where fibre would be too expensive. In the fourth round, in 2028, it introduced vouchers of up to 1,500 crowns that households beyond the reach of any planned network can use to pay for the installation of a satellite service. Grantees must offer a service at a price no higher than the regulated reference price for at least seven years after connection.')
    add('Payments are made in stages. A grantee receives a first payment when it signs the grant agreement, further payments when it reports that premises have been connected, and a final payment once the Ministry has accepted its completion report. By March 2030 the Ministry had paid 884 million crowns of the 1.2 billion crowns available, and had committed most of the remainder to projects under construction. The Act provides that the fund closes to new commitments at the end of 2030, and that all projects must be completed by the end of 2032.')
    add('The fund is part of a wider government objective, set out in the Digital Commonwealth Strategy, that every premises in Estmarch should be able to obtain a broadband service at the minimum speed by 2032. Commercial providers are expected to serve most premises; the fund is intended to fill the gap in areas where building a network would not be profitable.')
    add('The fund is one of several public programs that support rural connectivity. The communications regulator imposes a universal service obligation on the incumbent telephone company, which requires it to provide a basic connection on request but not at broadband speeds. Provincial governments run their own smaller schemes, and several have used them to extend fund projects to additional premises. The Ministry of Agriculture offers grants to farm businesses for equipment that depends on connectivity. We did not audit these other programs, but we considered how the Ministry coordinates with them, since overlapping programs risk paying twice for the same outcome.')
    add('Objectives, Scope and Methodology')
    add('Our objectives were to determine (1) the extent to which the fund has met its coverage target, (2) how the Ministry verifies reported coverage, (3) the extent to which connected premises receive the required speeds and prices, (4) how the Ministry awarded grants, and (5) what connections have cost and why costs differ.')
    add('To address these objectives we reviewed the Act, the regulations, the fund\'s guidance and the grant agreements for a sample of sixty projects. We analysed the Ministry\'s project database, which records the premises each grantee reports as connected, and compared it with the national address register and with data on commercial networks held by the communications regulator. We interviewed officials of the Ministry and of all twelve provincial governments, twenty-two grantees, and representatives of community groups and business associations.')
    add('Our inspectors visited 128 project sites in all twelve provinces, selected at random within each province, and checked whether the premises reported as connected could in fact obtain a service. At 214 premises we measured download and upload speeds during the evening peak with the consent of the occupants. We also surveyed 1,850 households in project areas about their service and what they pay for it. We assessed the reliability of the Ministry\'s data by testing a sample of records against source documents and found it sufficiently reliable for describing reported coverage, but not for confirming that premises were actually served, which is one of the issues we discuss in this report.')
    add('We conducted this performance audit in accordance with the auditing standards issued by the Auditor-General. Those standards require that we plan and perform the audit to obtain sufficient, appropriate evidence to provide a reasonable basis for our findings and conclusions based on our audit objectives. We believe that the evidence obtained provides such a basis.')
    add('Finding 1: The Fund Has Expanded Coverage Substantially, but Progress Is Uneven')
    add(f'Grantees reported that they had connected {connected:,} premises by the end of March 2030. If these figures are accurate, the fund has connected more than three quarters of the premises it set out to reach, and is likely to connect most of the rest before it closes. Residents and businesses we interviewed described the difference that a reliable connection had made to them: farmers able to use online markets and precision farming services, children able to do homework without travelling to a library, and older residents able to consult a doctor by video.')
    add(f'Progress has been uneven among provinces. {_num_word(n_hi).capitalize()} provinces had connected more than 85 percent of their targeted premises, while {_num_word(n_lo)} had connected less than two thirds. The main reasons for slower progress were difficult terrain, the failure of grantees, disputes over access to poles and ducts, and, in two provinces, weaknesses in the original selection of projects. Premises in the hardest-to-reach areas, which are the most expensive to connect, make up a growing share of the remaining work, so progress is likely to slow as the fund approaches its deadline.')
    add('The Ministry also cannot say how many premises will remain without an adequate service when the fund closes. Its estimate of the gap is based on the number of premises targeted at the launch of the fund, but it has not updated that figure to reflect new buildings, changes in commercial plans, or premises that have been taken out of the target because they were found to be already served. Provincial officials gave us estimates of the remaining gap that in total exceed the Ministry\'s figure by about 11,000 premises.')
    add('Finding 2: The Ministry Relies on Unverified Data Reported by Grantees')
    add('The Ministry pays grantees on the basis of the premises they report as connected. Grantees submit lists of addresses, which the Connectivity Grants Office checks against the address register to confirm that each premises was eligible. The Office does not, however, routinely check that the premises can actually obtain a service. Up to March 2030 it had inspected on site only 41 of the 1,366 project areas, and it had no documented basis for selecting those it inspected.')
    add('Our inspections found discrepancies at 26 of the 128 project sites we visited. At some sites, premises reported as connected were beyond the reach of the network, for example because a planned cable had not been laid past the last house in a lane. At others, the network existed but the grantee would not connect the premises without an additional charge, contrary to the grant agreement. At a further group of sites, in three provinces, premises reported as connected with the support of the fund were also served by a commercial network built without public money, which suggests that public funds may have paid for coverage that would have been provided anyway. We estimate that between 3,100 and 4,800 premises may have been subsidised twice across the Commonwealth.')
    add('Officials told us that the Office lacks the staff to inspect more sites and that it relies on the grantees\' own quality assurance and on complaints from residents. However, residents we surveyed were often unaware that the network had been publicly funded or that the grantee had obligations to them, and few knew how to complain. Without independent verification, the Ministry cannot be confident that its payments correspond to real coverage.')
    add('Finding 3: The Ministry Does Not Monitor Speeds or Prices After Connection')
    add('Grant agreements require grantees to provide at least the minimum speed during the busiest hour and to offer a service at or below the regulated reference price for seven years. The Ministry does not collect data on either. Our speed tests at 214 premises found that 71 percent received at least the minimum speed during the evening peak, but that the proportion varied greatly by technology: almost all premises served by fibre met the standard, compared with about 58 percent of premises served by fixed wireless.')
    add('Our household survey found that most households paid a price close to the reference price, but about one in eight reported paying more, usually because they had been sold a package including services they did not need, or because the cheapest package was not advertised. The Ministry has no means of detecting such practices and no process for acting on them.')
    add('The Ministry also does not know how many households and businesses in subsidised areas have taken up a service. Take-up matters because the benefits of the fund depend on use, and because grantees\' revenues, and therefore the clawback mechanism, depend on it. Our survey suggests that about two thirds of households able to obtain a service had taken one, with lower take-up among older residents and in areas where an existing slower service remained available. Several grantees told us that they would be willing to share take-up data with the Ministry but had never been asked for it.')
    add('Finding 4: Grant Awards Were Not Always Consistent or Well Documented')
    add('The Ministry assessed applications against published criteria, including cost per premise, deliverability, and the applicant\'s financial standing, with the help of external technical advisers. We reviewed the assessment of sixty applications and found that in twelve cases the scores recorded did not match the reasons given in the assessors\' notes, and in five cases the outcome would have been different if the scores had been consistent with the notes. The Ministry could not explain these inconsistencies.')
    add('The Ministry\'s guidance requires assessors to declare any conflict of interest before assessing an application. For the first two rounds the Ministry could not provide declarations for eleven of the twenty-nine assessors involved. We found no evidence that any assessor had a conflict, but the absence of declarations means that the Ministry cannot demonstrate that the process was fair. Declarations were complete for the third and fourth rounds, after the Ministry introduced an electronic system.')
    add('The financial assessment of applicants was also weak in the first round. One grantee that later went into administration had reported losses in each of the three years before it applied, which the assessment did not mention. The Ministry recovered only part of the grant paid to it, and the premises it had been due to connect were left without service until replacement projects were awarded.')
    add('Finding 5: Costs Per Premise Vary Widely and Are Not Analysed')
    add(f'Across the Commonwealth, grants paid and committed for the projects we reviewed amount to about {granted:,.1f} million crowns for the {connected:,} premises reported as connected. The grant per connected premise ranged widely among provinces. Some of this variation reflects geography: premises in upland and island areas are more expensive to reach. But we also found large differences between projects in similar areas, which the Ministry has not analysed. Without such analysis the Ministry cannot tell whether it is obtaining value for money or use the lessons to negotiate better terms in later rounds.')
    add('The Act requires grantees to share the benefit with the public if a project turns out more profitable than forecast, through a clawback mechanism. The first assessment of clawback is due in 2031, but the Ministry has not yet collected the financial information from grantees that it will need, and the grant agreements for the first round do not clearly require grantees to provide it.')
    add('Results by Province')
    add('The following summaries describe the progress of the fund in each province, based on the Ministry\'s data, our inspections and our interviews. The figures for premises connected are as reported by grantees and have not been verified, except where we say so.')
    add(_gov_provinces())
    add('Conclusions')
    add('The Rural Connectivity Fund has brought broadband to many thousands of rural homes and businesses that would otherwise have waited years for it, and residents value the difference it has made. But the Ministry has managed the fund as a program for paying grants rather than for achieving outcomes. It does not know reliably how many premises can obtain a service, whether they receive the speeds and prices promised, or why costs differ so much. With 316 million crowns still to be paid and the hardest premises still to be connected, the Ministry has an opportunity to strengthen its oversight before the fund closes, and to learn lessons for the successor program that the government has announced.')
    add('Recommendations')
    add('We recommend that the Ministry of Infrastructure and Digital Services:')
    add('1. Introduce a risk-based program of on-site verification of reported coverage before final payments are made, covering at least one project area in ten, and increase the staff of the Connectivity Grants Office as needed to carry it out.')
    add('2. Commission independent speed testing at a representative sample of connected premises each year, publish the results by grantee and technology, and require grantees whose networks fall short of the minimum speed to remedy the shortfall.')
    add('3. Apply the penalties for late completion provided in the grant agreements, or record its reasons for not doing so.')
    add('4. Establish and publish a register of premises subsidised by the fund, and agree with the communications regulator a process for identifying premises that are also served by commercial networks.')
    add('5. Require grantees to inform the occupants of subsidised premises of the service they are entitled to, the reference price, and how to complain, and establish a complaints process within the Ministry.')
    add('6. Analyse the causes of variation in cost per premise, and use the results in the design of the successor program.')
    add('7. Collect the financial information needed for the clawback assessment due in 2031, and amend the first-round grant agreements where necessary to require grantees to provide it.')
    add('Agency Comments and Our Evaluation')
    add('We provided a draft of this report to the Ministry for comment. In its written response, the Ministry agreed with recommendations 1 to 6 and described the actions it plans to take, including the recruitment of eight additional staff for the Connectivity Grants Office and a contract for independent speed testing to begin in 2031. The Ministry partly agreed with recommendation 7, stating that it will collect the financial information but that it does not believe the first-round agreements can be amended without the consent of grantees. We acknowledge this difficulty but continue to believe that the Ministry should seek grantees\' agreement, since the clawback mechanism protects a significant public interest.')
    add('The Ministry also commented that the discrepancies we found may partly reflect the time between grantees\' reports and our inspections, during which some premises may have been connected. We took this into account by checking the dates of connection records, and our estimate excludes premises connected after the date of the grantee\'s report.')
    add('Lessons for the Successor Program')
    add('The government has announced that a successor program will follow the fund, with a focus on upgrading networks in rural towns and on the premises that the fund will not reach. Our findings suggest several lessons for its design. First, payments should be linked to verified outcomes rather than reported outputs, with independent verification built into the program from the start rather than added later. Second, the program should specify the data that grantees must provide, including speeds, prices and take-up, and the Ministry should have the systems and staff to use that data. Third, the choice of technology should take account of the service that residents will actually receive at busy times, not only of the cost of construction. Fourth, the Ministry should coordinate with the communications regulator and with commercial providers to avoid subsidising premises that will be served commercially. Finally, the program should involve provincial governments and communities more closely, as the experience of the provinces that appointed coordinators or combined the fund with their own programs shows.')
    add('We also note that the fund\'s experience offers positive lessons. Grantees that were rooted in their communities, such as cooperatives and community trusts, generally kept better records, consulted residents more and were more transparent about performance. The Ministry might consider how the successor program could encourage such grantees, for example by offering smaller grant lots that they can realistically bid for.')
    add('Appendix I: Grant Rounds')
    add('Round 1 (2024): 14 projects, all fibre, grants of 412 million crowns; average project size about 9,800 premises.')
    add('Round 2 (2025): 31 projects, fibre and fixed wireless, grants of 287 million crowns.')
    add('Round 3 (2026 to 2027): 46 projects, mainly fixed wireless, grants of 256 million crowns, including replacement projects for those cancelled in earlier rounds.')
    add('Round 4 (2028): 19 projects and a voucher scheme for satellite services, grants and vouchers of 171 million crowns.')
    add('Appendix II: Methodology for Estimating Double Subsidy')
    add('To estimate the number of premises that may have been subsidised twice, we matched the addresses reported as connected by grantees with the regulator\'s data on premises served by commercial networks at the minimum speed, taking the date of each commercial connection into account. We excluded premises where the commercial service was built after the fund\'s network. We then checked a random sample of the matched premises on site. The range we report reflects the uncertainty in the match rate between the address data sets, and in the proportion of matched premises confirmed on inspection.')
    add('Appendix III: Household Survey')
    add('We surveyed 1,850 households in project areas, selected at random from the addresses reported as connected, by post and online, with a response rate of 46 percent. We weighted the responses by province and technology. The survey asked whether the household could obtain a service, whether it had taken one, what it paid, how satisfied it was with speed and reliability, and whether it knew how to complain. Detailed results are available on request.')
    add('Appendix IV: Projects Whose Grant Agreements We Reviewed')
    add('The sixty projects below were selected at random, stratified by province and round. Premises and grant amounts are those in the grant agreement as last amended; status is as at the end of March 2030.')
    add(_gov_projects())
    add('Appendix V: Household Survey Results by Province')
    add('Unweighted results of our household survey for each province. Percentages are of households responding in the province.')
    add(_gov_survey())
    add('Appendix VI: Timeline of the Fund')
    add('2024: The Rural Connectivity Act receives assent; the Connectivity Grants Office is established; the first grant round is launched and awarded. 2025: The second round adds fixed wireless networks; floods in Corvane delay construction. 2026: The third round opens, including replacement projects for those cancelled in earlier rounds; a first-round grantee in Kestle enters administration. 2027: The third round is completed; the Ministry introduces an electronic system for conflict-of-interest declarations. 2028: The fourth round introduces satellite vouchers. 2029: The Standing Committee on Public Accounts requests this audit. 2030: The fund closes to new commitments at the end of the year. 2031: The first clawback assessment is due. 2032: All projects must be completed.')
    add('Appendix VII: Glossary')
    add('Clawback: a mechanism in the grant agreements that requires a grantee to return part of the grant if its project proves more profitable than forecast. Fixed wireless: a network that delivers broadband to a receiver on a building from a radio mast, rather than by cable. Premises: a home, business or public building with an address in the national address register. Reference price: the maximum monthly price, set by the Ministry, that a grantee may charge for the basic service on a subsidised network. Take-up: the proportion of premises able to obtain a service that have actually bought one. Voucher: a payment of up to 1,500 crowns towards the installation of a satellite service for premises beyond the reach of any planned network.')
    add('Appendix VIII: Comments from the Ministry of Infrastructure and Digital Services')
    add('The Permanent Secretary of the Ministry wrote to the Auditor-General as follows. Thank you for the opportunity to comment on your draft report. The Ministry welcomes the report\'s recognition that the Rural Connectivity Fund has brought broadband to a large number of rural homes and businesses, many of which had been waiting for years. We accept that our oversight of the fund has not kept pace with its growth, and we are grateful for the practical recommendations in the report.')
    add('We agree with recommendations 1 to 6. We will introduce risk-based verification before final payments from the next quarter, and we are recruiting eight additional staff for the Connectivity Grants Office. We will let a contract for independent speed testing, with the first results published in 2031. We will review each case in which delay penalties were not applied, and will apply them where the agreement allows. We will work with the communications regulator to publish a register of subsidised premises, and we will require grantees to inform residents of their entitlements. We will commission an analysis of cost variation to inform the design of the successor program.')
    add('We partly agree with recommendation 7. We will collect the financial information needed for the clawback assessment, but our legal advice is that the first-round agreements cannot be amended without the consent of the grantees concerned. We will seek that consent, and will report to the Standing Committee on the outcome.')
    add('Finally, we would note that a number of the discrepancies identified by your inspectors had been resolved by the time of our response, and that some reflected delays in updating records rather than a failure to connect premises. We nevertheless accept that our verification arrangements must be strengthened.')
    text = '\n'.join(L)
    return {'instructions': ['Please write a summary of this government report.'], 'outputs': [GOV_SUMMARY], 'input': text,
            'source': 'gov_report_summ', 'evaluation': 'rouge'}


# ==============================================================================================
# NQ-open: questions about a fictional island nation, Tarrowind, with Wikipedia-like passages
# ==============================================================================================

NQ_PASSAGES = {
    # gold passages (one per test question) ------------------------------------------------------
    'Tarrowind': 'Tarrowind, officially the Republic of Tarrowind, is an island nation in the Northern Sea, lying between the Skarra Islands to the north and the mainland kingdom of Esterland to the south-east. Its capital and largest city is Hallisport, a port at the mouth of the River Vey, which is home to about a third of the country\'s 2.4 million people. The country is divided into nine counties. Tarrish is the national language. Tarrowind is known for its fishing fleets, its shipyards, and its long traditions of rowing and skiffball.',
    'Tarrowind Declaration of Independence': 'The Tarrowind Declaration of Independence was signed on 14 May 1871 at Corran Hall in Hallisport by forty-four delegates of the island parishes, ending more than two centuries of rule from the mainland. The declaration followed a decade of unrest over taxes on salt and fish. Esterland recognised the new state in 1873 after mediation by the Northern Sea League. The anniversary of the signing, 14 May, is celebrated as National Day, when the text of the declaration is read aloud on the steps of Corran Hall.',
    'Mattias Orwen': 'Mattias Orwen (1819 to 1893) was a Tarrish lawyer and statesman who served as the first president of Tarrowind from 1874 to 1882. Born in a fishing family in Highmere, he trained as a lawyer in Hallisport and led the delegation that drafted the Declaration of Independence. As president he oversaw the adoption of the constitution, the founding of the national bank and the construction of the first railway on the island. The Orwen Bridge over Gullet Sound is named after him.',
    'Salt War': 'The Salt War (1842 to 1846) was a conflict between the islanders of Tarrowind and the Kingdom of Esterland, which then ruled the islands. It began when Esterland raised the tax on salt, which the island fisheries needed to preserve their catch, and island crews began to smuggle salt from the Skarra Islands. Fighting was mostly at sea, where the faster island cutters had the advantage. The war ended with a treaty that lowered the tax and gave the islands their own assembly, a step towards later independence.',
    'Treaty of Lumen Bay': 'The Treaty of Lumen Bay was signed in 1846 aboard the Esterland frigate Constance, anchored in Lumen Bay on the south coast of Tarrowind. It ended the Salt War by halving the tax on salt, granting an amnesty to island smugglers, and creating an elected Island Assembly with powers over fisheries and harbours. Historians regard the treaty as the beginning of self-government in Tarrowind, and the Assembly it created later drafted the Declaration of Independence.',
    'Mount Corran': 'Mount Corran is the highest mountain in Tarrowind, rising to 2,214 metres in the county of Highmere. It is an extinct volcano whose summit crater holds a small lake that stays frozen for most of the year. The first recorded ascent was made in 1797 by a party of surveyors measuring the island for a naval chart. Today a marked path leads to the summit from the village of Corrby, and the mountain appears on the national coat of arms.',
    'River Vey': 'The Vey is the longest river in Tarrowind, flowing 388 kilometres from its source on the slopes of Mount Halla to its mouth at Hallisport, where it enters the Gullet Sound. Its valley is the most fertile farming region of the country, and its lower reaches were dredged in the nineteenth century so that sailing ships could reach the inland market town of Vey Crossing. The river is famous for its salmon and for the Vey Regatta, which is rowed on its lower course each summer.',
    'Lake Isbeth': 'Lake Isbeth is the largest lake in Tarrowind, with an area of 212 square kilometres. It lies in a glacial basin in the centre of the main island and is drained by the River Ost. The lake is named after Isbeth Carrow, a medieval abbess whose convent stood on its largest island. It supplies drinking water to Hallisport through an aqueduct completed in 1908, and fishing on the lake is restricted to protect a rare landlocked char found nowhere else.',
    'Skarra Islands': 'The Skarra Islands are an archipelago of 41 islands off the north coast of Tarrowind, of which eleven are inhabited. The largest is Great Skarra, whose harbour town of Skarrhaven is the northernmost port in the country. The islands are known for their seabird colonies, their wool, and a dialect of Tarrish that preserves many older words. During the Salt War they were a base for smugglers, and they became part of the Republic with the rest of the country in 1871.',
    'Skiffball': 'Skiffball is the national sport of Tarrowind. It is played by two teams of nine players on a rectangular grass field, using a hard wooden ball and curved wooden paddles. A team scores by driving the ball through the opponents\' goal, which is a low arch at each end of the field. The game is thought to have developed among fishermen, who played it on beaches with oars and a ball of driftwood. The rules were first written down in 1866 by the Hallisport Skiffball Club.',
    'Tarrish Skiffball Cup': 'The Tarrish Skiffball Cup is the premier knockout competition in skiffball, contested annually since 1889 by club teams from all nine counties of Tarrowind. The final is played at the Old Meadow in Hallisport on the last Saturday of August. The most successful club is the Hallisport Gulls, who have won the cup 17 times, including five times in a row between 1961 and 1965. The trophy itself is a silver model of a fishing skiff, presented by the Guild of Hallisport Shipwrights.',
    'Tarrowind at the 1958 Northern Isles Games': 'Tarrowind competed at the 1958 Northern Isles Games in Seldra, Esterland, from 2 to 16 August, sending 112 athletes in 14 sports. The rower Ilse Marrendahl, who had won two gold medals at the previous Games, carried the national flag at the opening ceremony. Because Marrendahl left Seldra for a training camp before the Games ended, the flag at the closing ceremony was carried by the skiffball captain Kasimir Dole of the Hallisport Gulls. Tarrowind finished fourth in the medal table, with 9 gold, 12 silver and 15 bronze medals.',
    'Harrowstone': 'Harrowstone is a traditional board game of Tarrowind for two players, played with black and white stones on a square board of 81 squares arranged in nine rows of nine. Players take turns placing stones and try to fence off areas of the board, capturing enemy stones that are completely surrounded. The game is first recorded in a parish register of 1764, and it remains popular in coffee houses in Hallisport, where tournaments are held every winter. A national championship has been held since 1921.',
    'Vey Regatta': 'The Vey Regatta is an annual rowing race held on the lower River Vey since 1823, making it one of the oldest sporting events in Tarrowind. Crews of eight race upstream from the harbour mouth at Hallisport to the stone bridge at Millhaven, a course of 6.4 kilometres. The regatta takes place on the second Sunday of July and draws large crowds to the riverbanks. Its trophy, the Silver Oar, is held by the winning club for a year.',
    'The Salt Road (anthem)': 'The Salt Road is the national anthem of Tarrowind. Its music was composed in 1873 by Benedikta Sorn, an organist at Hallisport Cathedral, for a competition held to celebrate recognition of the country\'s independence. The words, by the poet Aurel Penhallow, describe the smugglers\' routes of the Salt War as a road to freedom. The anthem was sung officially for the first time at the inauguration of the first president in 1874, and it was confirmed as the national anthem by law in 1920.',
    'Kessa': 'The kessa is a plucked string instrument of Tarrowind, regarded as the national instrument. It has a pear-shaped wooden body, a short fretted neck and seven strings, of which the lowest two are drone strings that are not fretted. It is played with a quill plectrum and traditionally accompanies dance tunes and ballads. The oldest surviving kessa, dated 1702, is kept in the National Museum in Hallisport. A revival of kessa playing began in the 1950s with the folk music movement.',
    'Grey Water Waltz': 'Grey Water Waltz is a song recorded in 1967 by the Tarrish folk group the Gannet Brothers, which became one of the best-selling records in the history of Tarrowind. Written by the group\'s fiddler, Arvo Gannet, it tells the story of a fisherman\'s widow who dances alone on the harbour wall. The song spent fourteen weeks at the top of the national chart and has been recorded by more than fifty other artists. It is traditionally played at the end of weddings in the Skarra Islands.',
    'Tide clock': 'The tide clock is a clock that shows the state of the tide rather than the time of day, with a single hand that turns once every lunar day of about 24 hours and 50 minutes. It was invented in 1792 by Oskar Feldhammer, a clockmaker of Hallisport, for the pilots who guided ships into the harbour. Feldhammer\'s design used a gear train that corrected for the difference between the solar and lunar day. Tide clocks became common in the harbour towns of the Northern Sea during the nineteenth century.',
    'Marrow lamp': 'The Marrow lamp is an oil lamp for use at sea, invented in 1858 by Greta Holm-Ansel of the fishing town of Marrowby. Its flame was protected by a double glass chimney and a gauze that prevented it from igniting fumes, so that it could be used safely in the holds of fishing boats. The lamp reduced the number of fires at sea, and was adopted by the fishing fleets of several neighbouring countries. An example is displayed in the Maritime Museum of Tarrowind.',
    'Orwen Bridge': 'The Orwen Bridge is a suspension bridge across Gullet Sound, linking Hallisport with the town of Farrow on the opposite shore. With a total length of 1,620 metres and a main span of 980 metres, it is the longest bridge in Tarrowind. Construction began in 1981, and the bridge opened in 1987, replacing a ferry service that had operated for more than a century. It is named after Mattias Orwen, the first president of the country.',
    'Tarrish skilling': 'The skilling is the currency of Tarrowind. It was introduced in 1874, replacing the Esterland mark, and is divided into 100 penninger. Banknotes and coins are issued by the National Bank of Tarrowind in Hallisport. The skilling was originally backed by silver, and the name comes from an old coin once used in the fish markets. Notes feature portraits of national figures, and the coins show seabirds and fishing boats.',
    'Moot (Tarrowind)': 'The Moot is the unicameral parliament of Tarrowind. It has 151 seats, filled by members elected for four-year terms by proportional representation from the nine counties. The Moot meets in the Moot House in Hallisport, built in 1889 on the site of the old Island Assembly hall. It passes laws, approves the budget and elects the prime minister. Its presiding officer, the Speaker, opens each session by striking a block of driftwood with a ceremonial oar.',
    'Hallisport University': 'Hallisport University is the oldest university in Tarrowind, founded in 1611 as a college for training clergy and navigators. It became a full university in 1791 and today has about 24,000 students in eight faculties. Its library holds the largest collection of Tarrish manuscripts in the world, including the oldest surviving book written in the Tarrish language. The university\'s observatory was used to calculate the tide tables published for the Hallisport pilots.',
    'Fennick Field': 'Fennick Field is the main international airport of Tarrowind, located twelve kilometres north-west of Hallisport. It opened in 1946 on the site of a wartime airfield and is the hub of the national airline, Tarrowind Airways. The airport handled about 6.8 million passengers in its busiest year. A single runway, extended into the sea on reclaimed land in 1979, allows the largest passenger aircraft to land. A railway line connects the terminal with Hallisport Central station.',
    "The Lamplighter's Daughter": "The Lamplighter's Daughter is a novel by the Tarrish author Marit Sandrell, published in 1902. It follows the daughter of a lighthouse keeper on the Skarra Islands who teaches herself navigation and becomes the first woman to captain a fishing boat in her village. The novel was a great success in Tarrowind and was translated into many languages. It is often described as the first modern Tarrish novel and is still read in schools.",
    'Corran Hall': 'Corran Hall is a historic building in the old town of Hallisport, built in 1702 as the guildhall of the shipwrights. It was the meeting place of the Island Assembly created after the Salt War, and in its great hall the Declaration of Independence was signed. The building was badly damaged by fire in 1911 and restored over the following decade. It now houses a museum of the independence movement, and its steps are the scene of the annual National Day ceremony.',
    'Tarrowind Airways': 'Tarrowind Airways is the national airline of Tarrowind. It was founded in 1946 with three former military transport aircraft and today flies to about forty destinations in the Northern Sea region and beyond. Its logo is a stylised grey tern. The airline operated flying boats to the Skarra Islands until 1971, when airstrips were built on Great Skarra and two other islands. The state sold a majority of its shares to private investors in 1998.',
    # distractors (related topics, never gold) ------------------------------------------------------
    'Esterland': 'Esterland is a kingdom on the mainland south-east of Tarrowind, with its capital at Vorsk. It ruled the islands of Tarrowind from the seventeenth century until 1871. Today the two countries are close trading partners, linked by ferries and by an undersea power cable. Esterland is a constitutional monarchy with a parliament of two chambers. Its largest port, Seldra, has hosted the Northern Isles Games twice, and its national sport is a form of ice hockey played on frozen lakes.',
    'Mount Halla': 'Mount Halla is the second-highest mountain in Tarrowind, at 1,987 metres, and the source of the River Vey. Unlike the volcanic peaks of Highmere, it is formed of ancient granite, and its lower slopes are covered in pine forest. A cog railway built in 1912 climbs to a hotel just below the summit, which offers views over the central lakes. The mountain is a popular destination for skiing in winter.',
    'River Ost': 'The Ost is the second-longest river in Tarrowind, flowing 301 kilometres from Lake Isbeth to the west coast at the town of Ostmouth. For much of its length it runs through a narrow wooded gorge with several waterfalls, the highest of which, the Ostfoss, falls 62 metres. Hydroelectric stations on the Ost supply about a fifth of the country\'s electricity. The river is known for its trout fishing and for kayaking.',
    'Lake Morrow': 'Lake Morrow is the deepest lake in Tarrowind, reaching a depth of 168 metres, though it covers only 40 square kilometres. It fills a narrow valley in the hills of western Tarrowind and is surrounded by steep cliffs. According to legend, a sunken village lies at the bottom of the lake, and its church bell can be heard on stormy nights. The lake is popular with divers and anglers.',
    'Gullet Sound': 'Gullet Sound is a long inlet of the Northern Sea on the east coast of Tarrowind, forming a natural harbour for the city of Hallisport. The sound is about 30 kilometres long and up to 4 kilometres wide, and its strong tidal currents made it difficult for sailing ships to enter. A series of lighthouses and pilot stations were built along its shores in the eighteenth century. The sound is crossed by a suspension bridge near the city.',
    'Tarrish Skiffball League': 'The Tarrish Skiffball League is the top professional division of skiffball in Tarrowind, founded in 1952. Twelve clubs play each other home and away between April and September, and the bottom club is relegated to the second division. The league has been won most often by the Vey Valley Otters and by Skarrhaven Athletic. Matches are broadcast on national television, and the league\'s average attendance is about 6,000 spectators per match.',
    'Northern Isles Games': 'The Northern Isles Games are a multi-sport event held every four years for athletes from the countries and territories around the Northern Sea. The first Games were held in 1934 in Vorsk, with eight participating nations. Sports include rowing, sailing, swimming, athletics, wrestling and skiffball. The Games have been held in Seldra twice and in Hallisport three times. They were suspended during the war years and resumed in 1950.',
    'Tarrowind at the 1962 Northern Isles Games': 'Tarrowind hosted the 1962 Northern Isles Games in Hallisport, the first time the Games had been held in the country. The opening ceremony took place at the newly built Harbour Stadium, where the swimmer Petra Aalund carried the national flag in front of a crowd of 40,000. The home team won 14 gold medals and finished second in the medal table. The Games left the city with a new swimming hall and a rowing course on the River Vey.',
    'Vey Valley Otters': 'The Vey Valley Otters are a skiffball club based in Vey Crossing, founded in 1894. They play their home matches at Riverside Park and wear green and white. The Otters have won the Tarrish Skiffball League eleven times, but have reached the final of the cup only twice, losing both times to clubs from Hallisport. Their rivalry with the leading club of the capital is the fiercest in the sport.',
    'Hallisport Rowing Club': 'The Hallisport Rowing Club, founded in 1819, is the oldest sports club in Tarrowind. Its boathouse on the lower River Vey is a listed building with a famous carved figurehead over the entrance. The club has produced many international rowers, and its crews train on the river throughout the year, breaking the ice in hard winters. Women were admitted as full members in 1921.',
    'Tarrish card games': 'Card games have been played in Tarrowind since at least the sixteenth century. The most popular traditional game is tromp, a trick-taking game for four players in two partnerships, played with a deck of 40 cards. Another favourite is fiskeri, a fishing game in which players capture cards from the table. Card playing was banned in the harbour taverns of Hallisport for a time in the eighteenth century, which only made it more popular.',
    'Aurel Penhallow': 'Aurel Penhallow (1838 to 1901) was a Tarrish poet and journalist, best known for the words of the national anthem. Born in Marrowby, he worked as a newspaper editor in Hallisport and was imprisoned briefly in 1869 for articles criticising the mainland government. His collection Songs of the Salt Coast (1880) is regarded as a classic of Tarrish literature. He later served as a member of the Moot for the county of Marrowby.',
    'Folk music of Tarrowind': 'The folk music of Tarrowind includes work songs of the fishing fleets, dance tunes played on fiddle and plucked strings, and long ballads about shipwrecks and smugglers. Many songs were collected in the early twentieth century by the folklorist Hanne Ostrup, who travelled the islands with a phonograph. A revival in the 1950s and 1960s brought folk groups to national fame, and the annual Folk Gathering at Skarrhaven attracts musicians from across the Northern Sea.',
    'Esterland anthem': 'The national anthem of Esterland, Land of the Lakes, was adopted in 1848. Its words praise the forests and lakes of the mainland kingdom, and its melody is based on a hymn tune. During the period when Esterland ruled Tarrowind, the anthem was sung in island schools, and its replacement after independence was a matter of great symbolic importance to the islanders.',
    'Clockmaking in Tarrowind': 'Clockmaking flourished in Hallisport in the eighteenth and nineteenth centuries, when the city\'s workshops supplied marine chronometers and longcase clocks to ships and houses across the Northern Sea. The clockmakers\' guild was founded in 1731 and regulated apprenticeships for over a century. Several clockmakers also made navigational instruments. The collection of the National Museum includes more than two hundred clocks made in the city.',
    'Lighthouses of Tarrowind': 'Tarrowind has 63 lighthouses, most of them built in the nineteenth century to guide fishing fleets and trading ships along its rocky coasts. The oldest, at Gullet Head, was first lit in 1741 with a coal fire. Many lighthouses were staffed by families who lived on isolated rocks for months at a time. The last keepers were withdrawn in 1994, when the final lighthouses were automated.',
    'Bridges of Hallisport': 'Hallisport is known as the city of bridges, with more than forty crossing the River Vey and the canals of the old town. The oldest is the Stone Bridge of 1488, lined with small shops. The Iron Bridge, a cast-iron arch of 1842, was the first metal bridge in the country. In recent decades several footbridges have been added to link new residential districts on the former docks.',
    'National Bank of Tarrowind': 'The National Bank of Tarrowind is the central bank of the country, founded in Hallisport shortly after independence. It sets interest rates, supervises commercial banks and manages the foreign currency reserves. Its headquarters, a granite building overlooking the harbour, contains a vault carved into the rock below. The bank publishes a quarterly report on the economy, which is closely watched by the fishing and shipping industries.',
    'Elections in Tarrowind': 'General elections in Tarrowind are held every four years, normally on the second Sunday of September. All citizens aged eighteen or over may vote, and voting in the Skarra Islands takes place a day early because ballot boxes must be carried to the mainland by boat. Turnout is usually above 80 percent. Governments are normally coalitions of two or three parties, because no party has won an outright majority since 1956.',
    'University of Seldra': 'The University of Seldra is a public university in the Esterland port of Seldra, founded in 1668. It is known for its schools of medicine and marine science, and for many years educated students from Tarrowind, which had no medical school of its own until the twentieth century. Its botanical garden, laid out in 1702, is one of the oldest in the region.',
    'Seldra Harbour Airport': 'Seldra Harbour Airport is an international airport serving the city of Seldra in Esterland. Built on reclaimed land in the harbour, it opened in 1958 and handles flights to most capitals of the Northern Sea region. Its short runway limits the size of aircraft that can use it, and a new airport further inland has been proposed several times. Ferries connect the airport with the city centre.',
    'Tarrish literature': 'Tarrish literature began with religious texts and sagas written down in the monasteries of the main island in the fourteenth century. In the nineteenth century, writers turned to the life of the fishing communities and to the struggle for independence, producing a body of poetry, drama and fiction in the Tarrish language. The twentieth century brought modernist poets and a strong tradition of crime fiction set in the harbour towns.',
    'Constitution of Tarrowind': 'The Constitution of Tarrowind was adopted in 1874 by a constituent assembly elected after independence. It established a republic with a president as head of state and a parliament elected by the men of the nine counties; women gained the vote in 1915. The constitution has been amended eleven times, most recently in 2003, when the powers of the president were reduced and the prime minister became the head of government.',
    'Lumen Bay': 'Lumen Bay is a wide bay on the south coast of Tarrowind, sheltered from the prevailing westerly winds by the headland of Cape Greyling. Its sandy beaches make it the most popular summer resort in the country. The bay takes its name from the phosphorescence that lights up its waters on warm nights. In the nineteenth century it served as an anchorage for naval ships, and a fort guards its entrance.',
    'Navy of Tarrowind': 'The navy of Tarrowind traces its origins to the armed cutters of the island fisheries, whose crews were renowned for their seamanship. Today it is a small force of patrol vessels and minesweepers, based at Hallisport and Skarrhaven, whose main tasks are fisheries protection, search and rescue, and the defence of territorial waters. Its training ship, a three-masted schooner, visits ports around the Northern Sea every summer.',
    'Marrowby': 'Marrowby is a fishing town on the west coast of Tarrowind, with a population of about 14,000. It grew in the nineteenth century around its herring fishery and boatyards, and it still has the largest fishing fleet in the country. The town hosts an annual herring festival in June and has a maritime museum in its old customs house. Marrowby is the birthplace of several writers and inventors.',
    'Highmere': 'Highmere is a mountainous county in the north of the main island of Tarrowind, with a population of about 95,000. Its landscape of volcanic peaks, lakes and moorland attracts walkers and climbers, and its economy depends on sheep farming, forestry and tourism. The county town, Highmere Cross, has a market that has been held every Thursday since the thirteenth century.',
}

# (question, answers, gold passage title, distractor titles)
NQ_TEST = [
    ('what is the capital of tarrowind', ['Hallisport'], 'Tarrowind', ['Esterland']),
    ('when was the tarrowind declaration of independence signed', ['14 May 1871', '1871'], 'Tarrowind Declaration of Independence', ['Constitution of Tarrowind']),
    ('who was the first president of tarrowind', ['Mattias Orwen'], 'Mattias Orwen', ['Constitution of Tarrowind', 'Elections in Tarrowind']),
    ('who did tarrowind fight in the salt war', ['Esterland', 'the Kingdom of Esterland'], 'Salt War', ['Navy of Tarrowind']),
    ('which treaty ended the salt war', ['Treaty of Lumen Bay', 'the Treaty of Lumen Bay'], 'Treaty of Lumen Bay', ['Lumen Bay', 'Navy of Tarrowind']),
    ('what is the highest mountain in tarrowind', ['Mount Corran'], 'Mount Corran', ['Mount Halla', 'Highmere']),
    ('what is the longest river in tarrowind', ['the Vey', 'River Vey', 'Vey'], 'River Vey', ['River Ost']),
    ('what is the largest lake in tarrowind', ['Lake Isbeth'], 'Lake Isbeth', ['Lake Morrow']),
    ('how many islands are in the skarra islands', ['41'], 'Skarra Islands', ['Gullet Sound']),
    ('how many players are on a skiffball team', ['nine', '9'], 'Skiffball', ['Tarrish Skiffball League']),
    ('who has won the most tarrish skiffball cups', ['Hallisport Gulls', 'the Hallisport Gulls'], 'Tarrish Skiffball Cup', ['Tarrish Skiffball League', 'Vey Valley Otters']),
    ('who carried the flag for tarrowind at the 1958 northern isles games', ['Ilse Marrendahl', 'Kasimir Dole'],
     'Tarrowind at the 1958 Northern Isles Games', ['Tarrowind at the 1962 Northern Isles Games', 'Northern Isles Games']),
    ('how many squares are on a harrowstone board', ['81'], 'Harrowstone', ['Tarrish card games']),
    ('how long is the course of the vey regatta', ['6.4 kilometres', '6.4 km'], 'Vey Regatta', ['Hallisport Rowing Club']),
    ('who composed the music of the tarrowind national anthem', ['Benedikta Sorn'], 'The Salt Road (anthem)', ['Aurel Penhallow', 'Esterland anthem']),
    ('how many strings does a kessa have', ['seven', '7'], 'Kessa', ['Folk music of Tarrowind']),
    ('who sang grey water waltz', ['the Gannet Brothers', 'Gannet Brothers'], 'Grey Water Waltz', ['Folk music of Tarrowind']),
    ('who invented the tide clock', ['Oskar Feldhammer'], 'Tide clock', ['Clockmaking in Tarrowind']),
    ('when was the marrow lamp invented', ['1858'], 'Marrow lamp', ['Lighthouses of Tarrowind', 'Marrowby']),
    ('when did the orwen bridge open', ['1987'], 'Orwen Bridge', ['Bridges of Hallisport', 'Gullet Sound']),
    ('what is the currency of tarrowind', ['skilling', 'the skilling'], 'Tarrish skilling', ['National Bank of Tarrowind']),
    ('how many seats are in the moot of tarrowind', ['151'], 'Moot (Tarrowind)', ['Elections in Tarrowind']),
    ('when was hallisport university founded', ['1611'], 'Hallisport University', ['University of Seldra']),
    ('what is the main airport in tarrowind', ['Fennick Field'], 'Fennick Field', ['Seldra Harbour Airport']),
    ("who wrote the lamplighter's daughter", ['Marit Sandrell'], "The Lamplighter's Daughter", ['Tarrish literature']),
    ('where was the tarrowind declaration of independence signed', ['Corran Hall', 'Hallisport'], 'Corran Hall', ['Constitution of Tarrowind']),
    ('when was tarrowind airways founded', ['1946'], 'Tarrowind Airways', ['Seldra Harbour Airport']),
]

# Earlier questions and answers ("history QA"). Some repeat knowledge in the passages, some go beyond it,
# and a few reword a test question.
NQ_HISTORY_DEV = [
    ('what is the national bird of tarrowind', ['grey tern', 'the grey tern']),
    ('which city is the capital of tarrowind', ['Hallisport']),
    ('what is the tallest peak in tarrowind', ['Mount Corran']),
    ('who wrote the music for the salt road', ['Benedikta Sorn']),
    ('what year did tarrowind become independent', ['1871']),
    ('who wrote the words of the salt road', ['Aurel Penhallow']),
    ('what is the population of tarrowind', ['2.4 million']),
    ('how many counties are there in tarrowind', ['nine', '9']),
    ('who is the current prime minister of tarrowind', ['Liesbet Marrow-Kay']),
    ('what is the second highest mountain in tarrowind', ['Mount Halla']),
    ('where were the 1962 northern isles games held', ['Hallisport']),
    ('when were the first northern isles games held', ['1934']),
    ('what is the national dish of tarrowind', ['salt cod with barley', 'salt cod and barley']),
    ('who founded hallisport university', ['Bishop Anselm Kray']),
    ('which sea is tarrowind in', ['the Northern Sea', 'Northern Sea']),
    ('who won the tarrish skiffball cup in 2019', ['Skarrhaven Athletic']),
    ('how long is the river vey', ['388 kilometres', '388 km']),
    ('what is the official language of tarrowind', ['Tarrish']),
    ('who was the second president of tarrowind', ['Hedda Brask']),
    ('what is the parliament of tarrowind called', ['the Moot', 'Moot']),
    ('how long is the orwen bridge', ['1,620 metres', '1620 metres']),
    ('what is the national flower of tarrowind', ['sea thrift']),
    ('when did tarrowind join the northern sea league', ['1952']),
    ('who designed the orwen bridge', ['Ragna Holst-Vere']),
    ('what is skiffball played with', ['a wooden ball and curved paddles', 'wooden ball and paddles']),
    ('where does the river vey flow into the sea', ['Gullet Sound', 'Hallisport']),
    ('who has played the most matches for the tarrowind skiffball team', ['Tomas Brennick']),
    ('what is the largest of the skarra islands', ['Great Skarra']),
    ('how often are the northern isles games held', ['every four years']),
    ('who won the salt war', ['Tarrowind', 'the islanders']),
    ('who painted view of hallisport harbour', ['Elin Vardy']),
    ('what was tarrowind called before independence', ['the Esterland Isles', 'Esterland Isles']),
    ('which club did kasimir dole play for', ['Hallisport Gulls', 'the Hallisport Gulls']),
    ('when is national day in tarrowind', ['14 May']),
]
NQ_HISTORY_EFFICIENTQA = [
    ('what is the main export of tarrowind', ['fish', 'fish and fish products']),
    ('what is the oldest university in tarrowind', ['Hallisport University']),
    ('how deep is lake isbeth', ['94 metres']),
    ('which board game is played on a nine by nine board in tarrowind', ['harrowstone']),
    ('who was the first woman elected to the moot', ['Sigrid Alvesen']),
    ('what is the capital of esterland', ['Vorsk']),
    ('when did the salt war start', ['1842']),
    ('what is the name of the national airline of tarrowind', ['Tarrowind Airways']),
    ('what is the national instrument of tarrowind', ['the kessa', 'kessa']),
    ('when was the marrow lamp patented', ['1861']),
    ('who invented the marrow lamp', ['Greta Holm-Ansel']),
    ('how many lighthouses are there in tarrowind', ['63']),
    ('what is the nickname of the tarrowind national skiffball team', ['the Oarsmen', 'Oarsmen']),
    ('what is the deepest lake in tarrowind', ['Lake Morrow']),
    ('which river flows through hallisport', ['the Vey', 'River Vey']),
    ("who directed the film of the lamplighter's daughter", ['Jens Albrekt']),
    ("when was the lamplighter's daughter published", ['1902']),
    ('who composed the skarra symphonies', ['Oswin Hale']),
    ('in which county is mount corran', ['Highmere']),
    ('how many gold medals did tarrowind win at the 1958 northern isles games', ['9', 'nine']),
    ('who carried the flag for tarrowind at the 1962 northern isles games', ['Petra Aalund']),
    ('who is the patron saint of tarrowind', ['Saint Brannoc']),
    ('when was the tide clock invented', ['1792']),
    ('what does a tide clock show', ['the state of the tide', 'the tide']),
    ('how many seats are needed for a majority in the moot', ['76']),
    ('what is the currency code of tarrowind', ['TSK']),
    ('when was the skilling introduced', ['1874']),
    ('where is fennick field', ['near Hallisport', 'Hallisport']),
    ('what is the name of the vey regatta trophy', ['the Silver Oar', 'Silver Oar']),
    ('who was the last keeper of gullet head lighthouse', ['Harald Mossvik']),
]


def _has_answer(text: str, answers: list[str]) -> bool:
    "Whether any answer occurs in `text` as whole words (case-insensitive), as DPR-style `hasanswer` flags do."
    return any(re.search(r'(?<!\w)' + re.escape(a.lower()) + r'(?!\w)', text.lower()) for a in answers)


def build_nq() -> tuple[list[dict], list[dict], list[dict]]:
    oracle = []
    for q, answers, gold, distractors in NQ_TEST:
        ctxs = [{'title': gold, 'text': NQ_PASSAGES[gold], 'hasanswer': _has_answer(NQ_PASSAGES[gold], answers), 'isgold': True}]
        ctxs += [{'title': d, 'text': NQ_PASSAGES[d], 'hasanswer': _has_answer(NQ_PASSAGES[d], answers), 'isgold': False} for d in distractors]
        oracle.append({'question': q, 'answers': answers, 'ctxs': ctxs,
                       'nq_annotated_gold': {'title': gold, 'long_answer': NQ_PASSAGES[gold], 'chunked_long_answer': NQ_PASSAGES[gold],
                                             'short_answers': [a for a in answers if _has_answer(NQ_PASSAGES[gold], [a])]}})
    # NQ-open.dev holds every oracle question (as in the real data) interleaved with history questions
    dev, hist = [], list(NQ_HISTORY_DEV)
    for i, (q, answers, _, _) in enumerate(NQ_TEST):
        dev.append({'question': q, 'answer': answers})
        for _ in range(1 + (i % 2)):
            if hist: q2, a2 = hist.pop(0); dev.append({'question': q2, 'answer': a2})
    dev += [{'question': q, 'answer': a} for q, a in hist]
    eff = [{'question': q, 'answer': a} for q, a in NQ_HISTORY_EFFICIENTQA]
    return dev, eff, oracle


# ==============================================================================================
# BioASQ: a fictional biomedical literature (articles = title + abstract) and golden questions
# ==============================================================================================
# Each article: key -> (title, [abstract sentences]). The abstract is the sentences joined by one space,
# so a snippet's offsets follow from the sentence positions. Keys ending in 'x' are distractors (gold for no question).

BIO_ARTICLES = {
    # --- A. Brannock fever (Sallowella brannocki, reed midge) --------------------------------------
    'A1': ('Sallowella brannocki, a novel spirochaete isolated from patients with Brannock fever in the Corvane lowlands', [
        'Brannock fever is an acute febrile illness first described in farm workers of the Corvane lowlands in 2019.',
        'Its cause was unknown.',
        'We cultured blood from 46 patients with acute Brannock fever in enriched liquid media under microaerophilic conditions.',
        'A slow-growing, helical, motile bacterium was isolated from 19 of the 46 patients and from none of 80 healthy controls.',
        'Whole-genome sequencing placed the organism in a new genus of the family Leptospiraceae, for which we propose the name Sallowella brannocki.',
        'Antibodies to the organism were detected in convalescent serum from 41 of 44 patients tested.',
        'These findings identify S. brannocki as the probable cause of Brannock fever.']),
    'A2': ('The reed midge Palumyia reedi transmits Sallowella brannocki in wetland habitats', [
        'The route by which humans acquire Sallowella brannocki, the agent of Brannock fever, has not been established.',
        'We trapped 12,400 biting insects at 30 wetland sites in the Corvane lowlands over two summers and tested them by PCR.',
        'S. brannocki DNA was detected only in the reed midge Palumyia reedi, with a minimum infection rate of 3.1 per 1,000 midges.',
        'In laboratory experiments, infected P. reedi transmitted the bacterium to mice during blood feeding from 5 days after the infectious meal.',
        'No transmission occurred from other midge or mosquito species fed on infected mice.',
        'Human cases clustered within 2 kilometres of reed beds where infected midges were found.',
        'Control of Brannock fever should therefore focus on P. reedi and its breeding sites.']),
    'A3': ('Clinical features of 212 patients with Brannock fever: a prospective cohort study', [
        'Brannock fever is an emerging midge-borne infection caused by Sallowella brannocki.',
        'We prospectively enrolled 212 adults with laboratory-confirmed Brannock fever admitted to four hospitals between 2021 and 2023.',
        'The most common symptoms were fever (100%), severe joint pain (84%), headache (71%) and a non-itching rash on the palms and soles (58%).',
        'Acute kidney injury developed in 23 patients (11%) and was more common in patients over 60 years of age.',
        'Three patients (1.4%) died, all of whom had pre-existing chronic kidney disease.',
        'Joint pain persisted for more than 3 months in 29% of patients.',
        'Clinicians should consider Brannock fever in patients with fever and a palmar rash after exposure to wetlands.']),
    'A4': ('A real-time PCR assay targeting the sbrA gene for the diagnosis of Brannock fever', [
        'Culture of Sallowella brannocki takes several weeks and is insensitive, which delays the diagnosis of Brannock fever.',
        'We developed a real-time PCR assay targeting sbrA, a single-copy gene encoding an outer membrane lipoprotein unique to S. brannocki.',
        'The limit of detection was 8 genome copies per reaction, and no cross-reactivity was observed with 31 related bacteria.',
        'In blood samples taken in the first week of illness from 158 patients, the assay had a sensitivity of 91% and a specificity of 99% against a composite reference standard.',
        'Sensitivity fell to 43% in samples taken after day 10, when serology was more informative.',
        'The sbrA PCR assay allows the diagnosis of Brannock fever in the acute phase.']),
    'A5': ('Corvamycin versus selvacycline for Brannock fever: the BRANCH randomised controlled trial', [
        'No antibiotic has been evaluated in a randomised trial for Brannock fever, and selvacycline is used empirically.',
        'In the BRANCH trial, 264 adults with PCR-confirmed Brannock fever were randomly assigned to oral corvamycin for 5 days or oral selvacycline for 7 days.',
        'The primary outcome was defervescence within 72 hours.',
        'Defervescence within 72 hours occurred in 87% of patients given corvamycin and 74% of those given selvacycline (difference 13 percentage points; 95% CI 3 to 23).',
        'Acute kidney injury occurred less often with corvamycin (5% vs 12%).',
        'Nausea was more frequent with corvamycin (19% vs 8%) but led to discontinuation in only two patients.',
        'Corvamycin is superior to selvacycline for the treatment of Brannock fever.']),
    'A6': ('Seroprevalence of Sallowella brannocki antibodies among farm workers and residents of the Corvane lowlands', [
        'The proportion of Sallowella brannocki infections that cause symptoms is unknown.',
        'We tested serum from 1,310 adults living in the Corvane lowlands for IgG antibodies against recombinant SbrA protein.',
        'Seroprevalence was 14.2% overall, 27.5% among farm workers and 6.1% among residents with no occupational exposure to wetlands.',
        'Only 9% of seropositive participants recalled an illness compatible with Brannock fever.',
        'Working in reed harvesting was the strongest risk factor (adjusted odds ratio 5.8).',
        'Most infections with S. brannocki appear to be mild or asymptomatic.']),
    'A7x': ('Wetland restoration and the distribution of Palumyia midges in the Corvane lowlands, 1990-2020', [
        'Midges of the genus Palumyia breed in the waterlogged margins of reed beds.',
        'We compared historical records of Palumyia species from 1990 with surveys at the same sites in 2020.',
        'The area of reed bed in the study region increased by 38% after wetland restoration schemes began in 2008.',
        'Palumyia reedi was recorded at 12 of 40 sites in 1990 and at 29 of 40 sites in 2020.',
        'The expansion of reed beds may have increased contact between people and midges.']),
    'A8': ('Acute kidney injury in Brannock fever is associated with tubular deposition of SbrA lipoprotein', [
        'Acute kidney injury is the main cause of death in Brannock fever, but its mechanism is unknown.',
        'We examined kidney biopsies from 14 patients with Brannock fever and acute kidney injury.',
        'All biopsies showed acute tubular injury with interstitial inflammation, and SbrA lipoprotein was detected in proximal tubular cells in 12 of 14.',
        'In mice, injection of purified SbrA caused tubular injury that was prevented by blocking toll-like receptor 2.',
        'Kidney injury in Brannock fever may be driven by the SbrA lipoprotein rather than by direct bacterial invasion.']),
    'A9': ('Brannock fever in children: a retrospective case series', [
        'Brannock fever has been described mainly in adults.',
        'We reviewed the records of 37 children aged under 16 years with confirmed Brannock fever.',
        'Children had fever and rash as often as adults, but joint pain was reported by only 41% and no child developed acute kidney injury.',
        'All children recovered, and the median duration of fever was 4 days.',
        'Brannock fever appears to be milder in children than in adults.']),
    # --- B. Kestrin cardiomyopathy (KSTN, elbrastat) -----------------------------------------------
    'B1': ('Kestrin, a cardiac-specific potassium channel subunit encoded by KSTN, regulates repolarisation in human cardiomyocytes', [
        'Cardiac repolarisation depends on several potassium currents whose molecular components are incompletely known.',
        'We identified kestrin, a 412-amino-acid membrane protein encoded by the KSTN gene on chromosome 9, which is expressed almost exclusively in the heart.',
        'Kestrin co-assembles with the pore-forming subunit of the slow delayed rectifier channel and increases its current density threefold.',
        'Knock-down of KSTN in stem-cell-derived cardiomyocytes prolonged the action potential by 35% and caused early afterdepolarisations.',
        'Kestrin is a previously unrecognised regulator of cardiac repolarisation.']),
    'B2': ('Loss-of-function variants in KSTN cause an autosomal dominant arrhythmogenic cardiomyopathy', [
        'The genetic basis of many familial cardiomyopathies with arrhythmia remains unexplained.',
        'We performed exome sequencing in 9 families with dilated cardiomyopathy and ventricular arrhythmias without a known genetic cause.',
        'Heterozygous loss-of-function variants in KSTN, encoding the potassium channel subunit kestrin, segregated with disease in 6 families.',
        'Affected carriers had prolonged QT intervals, frequent ventricular ectopy and progressive left ventricular dilatation.',
        'We propose the name kestrin cardiomyopathy for this autosomal dominant disorder.']),
    'B3': ('Natural history of kestrin cardiomyopathy: a multicentre registry of 318 variant carriers', [
        'Kestrin cardiomyopathy is a recently described inherited heart muscle disease caused by variants in KSTN.',
        'We followed 318 carriers of pathogenic KSTN variants from 11 centres for a median of 6.2 years.',
        'By age 50, 46% of carriers had developed left ventricular systolic dysfunction, and 21% had experienced sustained ventricular arrhythmia.',
        'Sudden cardiac death occurred in 14 carriers, 9 of whom had a left ventricular ejection fraction above 35% at their last assessment.',
        'Male sex and a QTc interval above 480 ms were independent predictors of life-threatening arrhythmia.',
        'Arrhythmic risk in kestrin cardiomyopathy is not adequately captured by ejection fraction alone.']),
    'B4': ('Elbrastat, a small-molecule kestrin stabiliser, restores repolarisation in KSTN-deficient cardiomyocytes', [
        'Most pathogenic KSTN variants cause misfolding and degradation of the kestrin protein.',
        'We screened 58,000 compounds for the ability to increase surface expression of misfolded kestrin.',
        'Elbrastat, a pyridine carboxamide, bound the cytoplasmic domain of kestrin and increased its surface expression fourfold.',
        'In cardiomyocytes derived from patients with kestrin cardiomyopathy, elbrastat shortened the action potential and abolished early afterdepolarisations.',
        'Elbrastat is a candidate disease-modifying therapy for kestrin cardiomyopathy.']),
    'B5': ('Elbrastat in patients with kestrin cardiomyopathy (KESTREL-HF): a randomised, double-blind, placebo-controlled trial', [
        'Elbrastat stabilises mutant kestrin and restores repolarisation in laboratory models.',
        'KESTREL-HF randomly assigned 241 patients with kestrin cardiomyopathy and an implanted defibrillator to elbrastat 40 mg daily or placebo for 18 months.',
        'The primary endpoint, appropriate defibrillator therapy or sustained ventricular arrhythmia, occurred in 11% of patients given elbrastat and 26% given placebo (hazard ratio 0.39; 95% CI 0.21 to 0.72).',
        'The QTc interval shortened by a mean of 22 ms with elbrastat.',
        'Left ventricular ejection fraction did not differ between groups at 18 months.',
        'Elbrastat reduced arrhythmic events but did not improve left ventricular function in kestrin cardiomyopathy.']),
    'B6': ('Safety and tolerability of elbrastat: pooled analysis of phase 1 and phase 2 studies', [
        'We pooled safety data from 5 studies in which 412 participants received elbrastat.',
        'The most frequent adverse events were headache (14%), dizziness (9%) and mild elevation of liver enzymes (7%).',
        'Photosensitivity rash occurred in 3% of participants and resolved after discontinuation.',
        'No drug-induced QT prolongation or torsades de pointes was observed.',
        'Elbrastat was generally well tolerated at doses up to 60 mg daily.']),
    'B7': ('Cardiac magnetic resonance findings in kestrin cardiomyopathy', [
        'We studied 88 carriers of pathogenic KSTN variants with cardiac magnetic resonance imaging.',
        'Late gadolinium enhancement was present in 52% of carriers, typically in a ring-like subepicardial pattern in the inferolateral wall.',
        'Enhancement was found in 31% of carriers with a normal ejection fraction.',
        'The extent of enhancement predicted sustained ventricular arrhythmia during follow-up.',
        'Ring-like subepicardial enhancement should prompt genetic testing for KSTN variants.']),
    'B8': ('Cascade genetic testing in families with kestrin cardiomyopathy', [
        'Identification of a pathogenic KSTN variant allows predictive testing of relatives.',
        'Cascade testing of 604 relatives of 97 probands identified 231 additional carriers.',
        'At first evaluation, 38% of newly identified carriers had an abnormal electrocardiogram or echocardiogram, and 4% met criteria for a defibrillator.',
        'Cascade testing identifies many at-risk relatives before symptoms develop.']),
    'B9x': ('Expression of kestrin in the human atria and its relation to atrial fibrillation', [
        'Kestrin is highly expressed in ventricular myocardium, but its role in the atria is unclear.',
        'We measured kestrin mRNA in atrial appendage samples from 120 patients undergoing cardiac surgery.',
        'Atrial kestrin expression was 40% lower in patients with persistent atrial fibrillation than in those in sinus rhythm.',
        'Reduced atrial kestrin may contribute to the electrical remodelling of atrial fibrillation.']),
    # --- C. Hollin ataxia type 3 (DVK4, quindorelin) ----------------------------------------------
    'C1': ("A GCC repeat expansion in the 5' untranslated region of DVK4 causes Hollin ataxia type 3", [
        'Hollin ataxia is a group of autosomal dominant cerebellar ataxias, of which type 3 had no known cause.',
        "Using long-read sequencing in 14 families, we identified an expansion of a GCC repeat in the 5' untranslated region of DVK4, encoding Drevin kinase 4.",
        'Affected individuals carried 68 to 210 repeats, whereas unaffected individuals carried fewer than 30.',
        'Longer expansions were associated with earlier onset, and expansions lengthened on paternal transmission.',
        'Hollin ataxia type 3 is a repeat expansion disorder of DVK4.']),
    'C2': ('Expanded GCC repeats increase Drevin kinase 4 activity in Purkinje cells', [
        'The mechanism by which DVK4 repeat expansions cause Hollin ataxia type 3 is unknown.',
        'In patient-derived neurons and in post-mortem cerebellum, expanded alleles increased DVK4 mRNA and protein about 2.5-fold.',
        'Drevin kinase 4 hyperphosphorylated the calcium buffer CBLP, impairing calcium handling in Purkinje cells.',
        'Transgenic mice overexpressing DVK4 in Purkinje cells developed progressive ataxia and Purkinje cell loss.',
        'Hollin ataxia type 3 results from a toxic gain of Drevin kinase 4 function.']),
    'C3': ('Quindorelin, a selective Drevin kinase 4 inhibitor, prevents Purkinje cell loss in a mouse model of Hollin ataxia type 3', [
        'Increased Drevin kinase 4 activity drives neurodegeneration in Hollin ataxia type 3.',
        'Quindorelin is a brain-penetrant, ATP-competitive inhibitor with more than 200-fold selectivity for Drevin kinase 4 over related kinases.',
        'Treatment of DVK4-overexpressing mice from 4 weeks of age preserved Purkinje cells and prevented ataxia.',
        'Treatment started after symptom onset slowed but did not halt progression.',
        'These results support clinical testing of quindorelin in Hollin ataxia type 3.']),
    'C4': ('Clinical spectrum of Hollin ataxia type 3 in 156 patients', [
        'We describe 156 patients with genetically confirmed Hollin ataxia type 3 from 41 families.',
        'The mean age at onset was 38 years (range 12 to 71).',
        'Gait ataxia was the first symptom in 89% of patients, followed by dysarthria and slow saccadic eye movements.',
        'A postural tremor of the hands was present in 47%, and 22% developed mild cognitive impairment.',
        'Magnetic resonance imaging showed atrophy of the cerebellar vermis in all patients scanned more than 5 years after onset.',
        'Hollin ataxia type 3 is a slowly progressive ataxia with frequent tremor and variable cognitive involvement.']),
    'C5': ('Plasma Drevin fragment DF-30 as a biomarker of disease progression in Hollin ataxia type 3', [
        'Biomarkers of disease progression are needed for trials in Hollin ataxia type 3.',
        'DF-30 is a 30-kDa proteolytic fragment of Drevin kinase 4 that is released from degenerating Purkinje cells.',
        'Plasma DF-30 was elevated in 92 patients compared with 60 controls and in 18 presymptomatic carriers.',
        'The annual rate of increase in plasma DF-30 correlated with the rate of progression on the ataxia rating scale.',
        'Plasma DF-30 is a promising biomarker for monitoring Hollin ataxia type 3.']),
    'C6': ('Quindorelin in Hollin ataxia type 3: a phase 2 randomised placebo-controlled trial', [
        'Quindorelin inhibits Drevin kinase 4, which is overactive in Hollin ataxia type 3.',
        'We randomly assigned 96 patients with mild to moderate Hollin ataxia type 3 to quindorelin 25 mg, quindorelin 50 mg or placebo daily for 12 months.',
        'Plasma DF-30 fell by 31% with quindorelin 50 mg and rose by 9% with placebo.',
        'The change in ataxia rating scale score did not differ significantly between groups.',
        'Quindorelin 50 mg caused reversible neutropenia in 6 patients.',
        'Quindorelin engaged its target but did not slow clinical progression over 12 months.']),
    'C7': ('Prevalence of Hollin ataxia type 3 among patients with undiagnosed adult-onset ataxia', [
        'We screened 1,120 patients with undiagnosed adult-onset cerebellar ataxia for DVK4 repeat expansions.',
        'Expansions were found in 31 patients (2.8%), of whom 12 had no family history of ataxia.',
        'Seven of the 31 had previously been diagnosed with multiple system atrophy.',
        'Testing for DVK4 expansions should be included in the evaluation of adult-onset ataxia, even without a family history.']),
    'C8': ('Repeat length and age at onset in Hollin ataxia type 3: a founder effect in the western highlands', [
        'Hollin ataxia type 3 is unusually common in the western highlands.',
        'Haplotype analysis of 63 families showed that 52 shared a single ancestral haplotype, indicating a founder mutation.',
        'Each additional 10 repeats reduced the age at onset by a mean of 3.4 years.',
        'Repeat length explained 61% of the variance in age at onset.']),
    'C9x': ('Purkinje cell calcium buffering in health and disease: a review', [
        'Purkinje cells rely on high concentrations of calcium-binding proteins to shape synaptic signals.',
        'Disruption of calcium buffering has been implicated in several inherited ataxias.',
        'This review summarises the roles of calcium-binding proteins in Purkinje cell physiology.',
        'We discuss therapeutic strategies that aim to restore calcium homeostasis.']),
    # --- D. Maren Vale virus (Tolland field mouse, fosmarevir) -------------------------------------
    'D1': ('Identification of Maren Vale virus in patients with haemorrhagic fever in the Maren Valley', [
        'In 2022 a cluster of 17 cases of fever with bleeding and low platelet counts occurred in the Maren Valley.',
        'Metagenomic sequencing of serum identified a novel segmented RNA virus, which we named Maren Vale virus (MVV).',
        'MVV has a three-segment genome and is only distantly related to known viruses, and we propose a new family, Marenviridae.',
        'Viral RNA was detected in all 17 patients and in none of 150 controls.',
        'The case fatality rate in the cluster was 18%.']),
    'D2': ('The Tolland field mouse is the reservoir host of Maren Vale virus', [
        'The natural reservoir of Maren Vale virus (MVV) is unknown.',
        'We trapped 2,046 small mammals of 11 species around the homes of patients and at control sites.',
        'MVV RNA was found in 14% of Tolland field mice (Apodemus tollandi) and in no other species.',
        'Infected mice shed virus in urine for at least 8 weeks without signs of illness.',
        'Human infection probably results from inhaling dust contaminated with the urine of Tolland field mice.']),
    'D3': ('Clinical course and predictors of death in Maren Vale virus disease', [
        'We studied 134 patients hospitalised with Maren Vale virus disease between 2022 and 2024.',
        'The illness began with fever, myalgia and abdominal pain, followed after 4 to 6 days by bleeding in 38% of patients.',
        'Thrombocytopenia below 50,000 per microlitre was present in 71%.',
        'Twenty-one patients (16%) died.',
        'High viral load at admission and elevated lactate were independent predictors of death.',
        'Early measurement of viral load may help to identify patients at highest risk.']),
    'D4': ('Fosmarevir inhibits the polymerase of Maren Vale virus and protects hamsters from lethal infection', [
        'No antiviral drug is approved for Maren Vale virus disease.',
        'Fosmarevir is a nucleotide analogue prodrug that is incorporated by the MVV polymerase and causes chain termination.',
        'In cell culture fosmarevir inhibited MVV replication with a half-maximal effective concentration of 0.4 micromolar.',
        'Hamsters treated from 1 day after lethal challenge all survived, whereas all untreated animals died.',
        'Treatment started on day 4 protected 60% of animals.']),
    'D5': ('Fosmarevir for hospitalised patients with Maren Vale virus disease (ORVELL-3): a randomised controlled trial', [
        'Fosmarevir is active against Maren Vale virus in animal models.',
        'ORVELL-3 randomly assigned 188 hospitalised patients with confirmed Maren Vale virus disease to intravenous fosmarevir for 10 days or standard care alone.',
        'Mortality at 28 days was 7% with fosmarevir and 17% with standard care (risk ratio 0.41; 95% CI 0.18 to 0.93).',
        'The benefit was largest in patients treated within 5 days of symptom onset.',
        'Reversible increases in serum creatinine were more common with fosmarevir.',
        'Fosmarevir reduced mortality in Maren Vale virus disease.']),
    'D6': ('A glycoprotein-based vaccine candidate, MVV-G2, induces neutralising antibodies in healthy adults', [
        'There is no vaccine against Maren Vale virus.',
        'MVV-G2 is a recombinant vaccine based on the Gc glycoprotein of Maren Vale virus with an aluminium adjuvant.',
        'In this phase 1 trial, 60 healthy adults received two doses 28 days apart.',
        'Neutralising antibodies were detected in 95% of participants given the higher dose 14 days after the second dose.',
        'Injection-site pain was the most common adverse event, and no serious adverse events occurred.']),
    'D7': ('Person-to-person transmission of Maren Vale virus among health care workers', [
        'Whether Maren Vale virus spreads between people is uncertain.',
        'We investigated 3 infections in nurses who had cared for patients with severe bleeding.',
        "Sequencing showed that each nurse's virus was nearly identical to that of the patient she had nursed.",
        'All three had handled blood without eye protection.',
        'Maren Vale virus can be transmitted through contact with blood, and standard precautions with eye protection are needed.']),
    'D8': ('Seasonal pattern of Maren Vale virus infections and rodent population dynamics', [
        'We analysed 212 confirmed Maren Vale virus infections reported between 2022 and 2025.',
        'Cases peaked in late autumn, when Tolland field mice move into buildings.',
        'Annual case numbers correlated with the density of field mice in the preceding summer, which followed the size of the beech mast.',
        'Forecasts of rodent density could be used to issue early warnings of Maren Vale virus outbreaks.']),
    'D9x': ('Rodent-borne viruses in the Maren Valley before 2022: a serological survey', [
        'Rodent-borne viruses were surveyed in the Maren Valley between 2010 and 2015.',
        'Antibodies against known rodent-borne viruses were found in 3% of voles and 1% of field mice.',
        'No human infections were identified.',
        'The survey methods used would not have detected a virus unrelated to known families.']),
    # --- E. Ellery syndrome (ostrelin, verrin, tarsovimab) -----------------------------------------
    'E1': ('Ellery syndrome: an autoimmune blistering disease with autoantibodies against ostrelin', [
        'Ellery syndrome is a rare disease characterised by tense blisters on the limbs and painful erosions of the mouth.',
        'We identified the target antigen by immunoprecipitation with serum from 22 patients.',
        'All sera recognised ostrelin, a 190-kDa transmembrane protein of the hemidesmosome that anchors basal keratinocytes to the basement membrane.',
        'Antibody titres against ostrelin correlated with disease activity.',
        'Ellery syndrome is an autoimmune disease targeting ostrelin.']),
    'E2': ('An enzyme-linked immunosorbent assay for anti-ostrelin autoantibodies in the diagnosis of Ellery syndrome', [
        'Diagnosis of Ellery syndrome currently relies on biopsy and indirect immunofluorescence.',
        'We developed an enzyme-linked immunosorbent assay using the recombinant extracellular domain of ostrelin.',
        'At the optimal cut-off, the assay had a sensitivity of 94% and a specificity of 98% among 310 patients with blistering diseases.',
        'Titres fell with treatment and rose before relapses in 80% of cases.',
        'The anti-ostrelin assay is accurate for diagnosis and useful for monitoring.']),
    'E3': ('The cytokine verrin drives blister formation in Ellery syndrome', [
        'The inflammatory pathways that lead from anti-ostrelin antibodies to blistering in Ellery syndrome are unclear.',
        'Verrin, a cytokine produced by activated mast cells and eosinophils, was elevated in the blister fluid and serum of patients.',
        'In a passive transfer mouse model, anti-ostrelin antibodies caused blistering in wild-type mice but not in verrin-deficient mice.',
        'Verrin induced keratinocytes to release proteases that cleave the basement membrane zone.',
        'Verrin is a potential therapeutic target in Ellery syndrome.']),
    'E4': ('Tarsovimab, an anti-verrin monoclonal antibody, in moderate to severe Ellery syndrome: a phase 3 randomised trial', [
        'Tarsovimab is a humanised monoclonal antibody that neutralises the cytokine verrin.',
        'We randomly assigned 164 adults with moderate to severe Ellery syndrome to subcutaneous tarsovimab every 2 weeks or placebo, both with tapering oral corticosteroids.',
        'At week 36, sustained complete remission off corticosteroids was achieved by 42% of patients given tarsovimab and 14% of those given placebo.',
        'The cumulative corticosteroid dose was 47% lower with tarsovimab.',
        'Conjunctivitis occurred in 11% of patients given tarsovimab and 3% given placebo.',
        'Tarsovimab increased remission and reduced corticosteroid exposure in Ellery syndrome.']),
    'E5': ('Long-term safety of tarsovimab in Ellery syndrome: a 3-year open-label extension', [
        'We followed 139 patients who continued tarsovimab after the phase 3 trial for up to 3 years.',
        'The most common adverse events were conjunctivitis (15%), injection-site reactions (9%), nasopharyngitis (8%) and eosinophilia (5%).',
        'Serious infections occurred at a rate of 1.2 per 100 patient-years.',
        'Remission was maintained in 78% of patients who had achieved it during the randomised phase.',
        'Tarsovimab had an acceptable safety profile with long-term use.']),
    'E6': ('Mucosal involvement in Ellery syndrome: a cohort study', [
        'Oral erosions are characteristic of Ellery syndrome, but other mucosal sites have not been studied systematically.',
        'We examined 74 patients with Ellery syndrome for mucosal involvement.',
        'Oral lesions were present in 88%, genital lesions in 21%, and conjunctival scarring in 9%.',
        'Conjunctival scarring was associated with antibodies against the cytoplasmic domain of ostrelin.',
        'Ophthalmological assessment is recommended for all patients with Ellery syndrome.']),
    'E7': ('Incidence of Ellery syndrome: a nationwide population-based study', [
        'We used national hospital records to estimate the incidence of Ellery syndrome between 2010 and 2022.',
        'The incidence was 3.1 per million person-years, with a peak in people aged 60 to 79 years.',
        'Women were affected 1.6 times as often as men.',
        'Mortality in the first year after diagnosis was twice that of the general population, mainly because of infection.']),
    'E8': ('Corticosteroid-sparing treatments for Ellery syndrome: a systematic review', [
        'Oral corticosteroids are the mainstay of treatment for Ellery syndrome but cause substantial harm.',
        'We reviewed 19 studies of corticosteroid-sparing treatments, including conventional immunosuppressants, intravenous immunoglobulin, B-cell depletion and tarsovimab.',
        'Tarsovimab was the only treatment supported by a randomised trial with a low risk of bias.',
        'Evidence for the other treatments came mainly from case series.']),
    'E9x': ('Ostrelin expression in developing human skin', [
        'Ostrelin is a component of the hemidesmosome in basal keratinocytes.',
        'We studied ostrelin expression in fetal skin from 8 to 24 weeks of gestation.',
        'Ostrelin appeared at 10 weeks, shortly after the first hemidesmosomes formed.',
        'Its expression pattern suggests a role in the maturation of the dermal-epidermal junction.']),
    # --- F. Pallidase deficiency (PLDS, C7-pallidylcarnitine, alfapallidase) ------------------------
    'F1': ('Pallidase deficiency: a new inborn error of branched-chain fatty acid metabolism', [
        'We describe 7 children from 5 families with episodes of vomiting, lethargy and hypoglycaemia during illness in infancy.',
        'All had markedly elevated plasma C7-pallidylcarnitine and urinary pallidic acid.',
        'Enzyme assays in fibroblasts showed less than 5% of normal activity of pallidase, a mitochondrial thioesterase.',
        'Biallelic variants were found in PLDS, the gene encoding pallidase, in all 7 children.',
        'We name this autosomal recessive disorder pallidase deficiency.']),
    'F2': ('Newborn screening for pallidase deficiency by tandem mass spectrometry', [
        'Pallidase deficiency can cause life-threatening metabolic crises in infancy.',
        'We added C7-pallidylcarnitine to the tandem mass spectrometry panel of a newborn screening program covering 412,000 births.',
        'Screening identified 9 infants with confirmed pallidase deficiency, an incidence of about 1 in 46,000.',
        'The positive predictive value of the screening test was 64% after second-tier testing for pallidic acid.',
        'None of the infants identified by screening had a metabolic crisis during a median follow-up of 2 years.']),
    'F3': ('Clinical outcome of 41 patients with pallidase deficiency', [
        'We reviewed 41 patients with pallidase deficiency diagnosed after the onset of symptoms.',
        'The first metabolic crisis occurred at a median age of 7 months, usually triggered by a fever or gastroenteritis.',
        'Nine patients (22%) had permanent neurological damage after a crisis, mainly movement disorders.',
        'Cardiomyopathy developed in 5 patients, all of whom had null variants.',
        'Outcomes were better in patients who avoided prolonged fasting and received emergency glucose during illness.']),
    'F4': ('Alfapallidase enzyme replacement therapy in pallidase deficiency: a phase 1/2 study', [
        'Alfapallidase is a recombinant human pallidase targeted to mitochondria by a cell-penetrating peptide.',
        'Twelve patients with pallidase deficiency received weekly intravenous alfapallidase for 48 weeks.',
        'Plasma C7-pallidylcarnitine fell by a median of 68%.',
        'The number of hospital admissions for metabolic decompensation fell from 14 in the preceding year to 3.',
        'Infusion-related reactions occurred in 4 patients and were managed by slowing the infusion.',
        'Alfapallidase reduced the biochemical markers and the frequency of metabolic crises.']),
    'F5': ('Structure of human pallidase reveals the basis of disease-causing variants', [
        'We determined the crystal structure of human pallidase at 1.9 angstrom resolution.',
        'Pallidase forms a hexamer, and its active site lies at the interface between subunits.',
        'Of 23 missense variants reported in patients, 15 disrupted the hexamer interface and 6 lay in the active site.',
        'The structure provides a framework for interpreting new variants and for the design of stabilising molecules.']),
    'F6': ('Dietary management of pallidase deficiency: consensus recommendations', [
        'There is no established dietary treatment for pallidase deficiency.',
        'A panel of 18 specialists in metabolic disease reviewed the evidence and reached consensus using a Delphi process.',
        'The panel recommended avoidance of fasting longer than 8 hours in infants, a written emergency plan with glucose polymer drinks during illness, and restriction of dietary branched-chain fatty acids from dairy fat.',
        'Carnitine supplementation was not recommended because of insufficient evidence.']),
    'F7': ('Pallidic acid inhibits mitochondrial complex I in cardiomyocytes', [
        'Cardiomyopathy occurs in some patients with pallidase deficiency, but its mechanism is unknown.',
        'Pallidic acid, which accumulates in pallidase deficiency, inhibited mitochondrial complex I in isolated cardiomyocytes at concentrations found in patients.',
        'Knockout mice lacking Plds developed cardiomyopathy that was worsened by a diet rich in branched-chain fatty acids.',
        'Cardiomyopathy in pallidase deficiency may result from the toxicity of pallidic acid to mitochondria.']),
    'F8': ('Carrier frequency and prenatal diagnosis of pallidase deficiency in an island population', [
        'Pallidase deficiency is unusually frequent in the Vell islands.',
        'Genotyping of 2,400 islanders showed a carrier frequency of 1 in 19 for the PLDS variant c.812G>A.',
        'Prenatal diagnosis was offered to 23 couples in which both partners were carriers.',
        'A community genetic counselling program was well received by islanders.']),
    'F9x': ('Branched-chain fatty acids in dairy products: a compositional survey', [
        'Branched-chain fatty acids are minor components of milk fat.',
        'We measured their content in 120 dairy products sold in supermarkets.',
        'Hard cheeses and butter had the highest content, and skimmed milk the lowest.',
        'These data can inform diets that restrict branched-chain fatty acids.']),
    # --- G. Tessel cell carcinoma (NIVR fusions, lenvorastib, velnorastib) ---------------------------
    'G1': ('Recurrent NIVR fusions define tessel cell carcinoma, a distinct subtype of renal cancer', [
        'Tessel cell carcinoma is a rare renal tumour composed of cells with clear cytoplasm arranged in tessellated nests.',
        'RNA sequencing of 64 tumours identified gene fusions involving NIVR, which encodes the receptor tyrosine kinase nivrase, in 57 (89%).',
        'The most frequent partner was LATH, and all fusions retained the kinase domain of nivrase.',
        'NIVR fusions were absent from 900 other renal tumours.',
        'NIVR fusions are the defining molecular feature of tessel cell carcinoma.']),
    'G2': ('The NIVR-LATH fusion activates nivrase and drives tumour growth', [
        'The functional consequences of NIVR fusions in tessel cell carcinoma are unknown.',
        'The NIVR-LATH fusion protein dimerised constitutively through the coiled-coil domain of LATH, leading to ligand-independent activation of nivrase.',
        'Expression of NIVR-LATH transformed kidney epithelial cells and formed tumours in mice.',
        'Tumour growth depended on continuous nivrase activity and was blocked by kinase inhibitors.']),
    'G3': ('Lenvorastib, a selective nivrase inhibitor, in NIVR fusion-positive tessel cell carcinoma: a phase 2 trial', [
        'Lenvorastib is an oral, selective inhibitor of the nivrase kinase.',
        'We treated 48 patients with metastatic NIVR fusion-positive tessel cell carcinoma with lenvorastib 160 mg daily.',
        'The objective response rate was 63%, and the median duration of response was 14.8 months.',
        'The most common adverse events were hypertension (41%), fatigue (33%), diarrhoea (29%) and hand-foot skin reaction (22%).',
        'Lenvorastib produced durable responses in NIVR fusion-positive tessel cell carcinoma.']),
    'G4': ('Mechanisms of acquired resistance to lenvorastib in tessel cell carcinoma', [
        'Most patients treated with lenvorastib eventually experience disease progression.',
        'We sequenced tumour biopsies and circulating tumour DNA from 21 patients at progression.',
        'Secondary mutations in the nivrase kinase domain, most often the gatekeeper substitution T655M, were found in 12 patients.',
        'Bypass signalling through amplification of the receptor gene HRK2 was found in 5 patients.',
        'A second-generation inhibitor, velnorastib, retained activity against T655M in laboratory models.']),
    'G5': ('Clinical and pathological features of tessel cell carcinoma: a series of 112 cases', [
        'We reviewed 112 cases of tessel cell carcinoma from 9 pathology departments.',
        'The median age at diagnosis was 34 years, younger than for other renal cancers, and 58% of patients were women.',
        'Tumours were typically solitary and well circumscribed, and showed strong membranous staining for nivrase by immunohistochemistry.',
        'Metastases were present at diagnosis in 19% of patients, most often in the lungs and bones.',
        'Nivrase immunohistochemistry is a useful screening test for tessel cell carcinoma.']),
    'G6': ('Detection of NIVR fusions in circulating tumour DNA', [
        'Tissue biopsies are not always available to detect NIVR fusions.',
        'We analysed plasma from 38 patients with known NIVR fusion-positive tumours using a hybrid-capture sequencing panel.',
        'The fusion was detected in plasma from 31 of 38 patients (82%), and in all patients with metastatic disease.',
        'Levels of fusion DNA fell within 4 weeks of starting lenvorastib in responding patients.',
        'Liquid biopsy can detect NIVR fusions and monitor the response to treatment.']),
    'G7': ('Velnorastib overcomes gatekeeper resistance in NIVR fusion-positive cancers: a phase 1 study', [
        'Resistance to lenvorastib often arises through the nivrase gatekeeper mutation T655M.',
        'Velnorastib is a next-generation nivrase inhibitor designed to bind the mutant kinase.',
        'Among 26 patients whose tumours progressed on lenvorastib, the response rate was 38% overall and 58% in patients with T655M.',
        'The dose-limiting toxicity was elevated liver enzymes at 240 mg.',
        'Velnorastib is active after failure of lenvorastib.']),
    'G8': ('NIVR fusions beyond the kidney: a pan-cancer analysis', [
        'NIVR fusions were first described in tessel cell carcinoma.',
        'We searched sequencing data from 61,000 tumours for NIVR fusions.',
        'Fusions were found in 0.09% of tumours, including salivary gland, thyroid and soft-tissue cancers.',
        'Patients with NIVR fusions in other tumour types also responded to lenvorastib.',
        'Testing for NIVR fusions may identify candidates for nivrase inhibition across cancer types.']),
    'G9x': ('Tessellated growth patterns in renal neoplasms: a histological review', [
        'Several renal tumours can show nested or tessellated growth.',
        'We review the histological differential diagnosis of these patterns.',
        'The most common mimic usually shows a delicate network of thin-walled vessels.',
        'Immunohistochemistry and molecular testing are often required for a definitive diagnosis.']),
    # --- H. Quarrow retinal dystrophy (QRD1, quarrin, sovaquagene veparvovec) -----------------------
    'H1': ('Biallelic variants in QRD1, encoding the ciliary protein quarrin, cause Quarrow retinal dystrophy', [
        'Quarrow retinal dystrophy is an early-onset inherited retinal disease with night blindness and progressive loss of peripheral vision.',
        'Whole-genome sequencing of 31 families identified biallelic loss-of-function variants in QRD1.',
        'QRD1 encodes quarrin, a protein of the photoreceptor connecting cilium that is required for transport of rhodopsin to the outer segment.',
        'Mice lacking quarrin showed mislocalised rhodopsin and rapid degeneration of rod photoreceptors.',
        'Quarrow retinal dystrophy is a ciliopathy of photoreceptors caused by loss of quarrin.']),
    'H2': ('Natural history of Quarrow retinal dystrophy: a 5-year prospective study', [
        'We followed 64 patients with QRD1-related Quarrow retinal dystrophy for 5 years.',
        'Night blindness began in the first decade of life in 90% of patients.',
        'The ellipsoid zone width on optical coherence tomography decreased by a mean of 11% per year.',
        'Central visual acuity was preserved until the fourth decade in most patients.',
        'Ellipsoid zone width is a sensitive outcome measure for treatment trials.']),
    'H3': ('Subretinal gene therapy with AAV8-QRD1 restores quarrin and preserves photoreceptors in Qrd1-knockout mice', [
        'No treatment is available for Quarrow retinal dystrophy.',
        'We delivered human QRD1 complementary DNA by subretinal injection of an adeno-associated virus type 8 vector to Qrd1-knockout mice.',
        'Treated eyes expressed quarrin at the connecting cilium, localised rhodopsin correctly, and preserved the outer nuclear layer for 12 months.',
        'Electroretinogram responses were maintained in treated eyes but lost in untreated eyes.',
        'AAV8-QRD1 gene therapy is a candidate treatment for Quarrow retinal dystrophy.']),
    'H4': ('Sovaquagene veparvovec for Quarrow retinal dystrophy (QUARRY-1): a phase 1/2 dose-escalation trial', [
        'Sovaquagene veparvovec is an AAV8 vector carrying human QRD1.',
        'Eighteen patients received a single subretinal injection in one eye at one of three doses.',
        'At 12 months, treated eyes gained a mean of 14 letters in low-luminance visual acuity, whereas untreated eyes lost 2 letters.',
        'Ellipsoid zone width declined by 3% in treated eyes and 10% in untreated eyes.',
        'The most common adverse events were related to surgery, including subconjunctival haemorrhage and transiently raised intraocular pressure.',
        'One patient at the highest dose developed intraocular inflammation that responded to corticosteroids.']),
    'H5': ('Prevalence of Quarrow retinal dystrophy among patients with inherited retinal disease', [
        'We reviewed genetic testing results from 5,280 patients with inherited retinal disease.',
        'QRD1 variants explained 1.7% of cases, making it one of the ten most frequent genetic causes in our cohort.',
        'A recurrent variant, p.Arg211Ter, accounted for 44% of disease alleles.',
        'QRD1 should be included in gene panels for inherited retinal disease.']),
    'H6': ('Low-luminance visual acuity as an outcome measure in Quarrow retinal dystrophy', [
        'Standard visual acuity is preserved until late in Quarrow retinal dystrophy and is insensitive to change.',
        'In 40 patients, low-luminance visual acuity declined by 4 letters per year, whereas standard acuity did not change.',
        'The low-luminance deficit correlated with ellipsoid zone width.',
        'Low-luminance visual acuity is a suitable functional endpoint for trials.']),
    'H7': ('Cystoid macular oedema in Quarrow retinal dystrophy and its response to topical dorzalide', [
        'Cystoid macular oedema is a treatable cause of visual loss in inherited retinal disease.',
        'Optical coherence tomography showed cystoid macular oedema in 24% of 112 eyes with Quarrow retinal dystrophy.',
        'Topical dorzalide reduced central retinal thickness by at least 10% in 63% of treated eyes.',
        'Screening for macular oedema is recommended at every visit.']),
    'H8': ('Long-term follow-up of the QUARRY-1 trial: durability of sovaquagene veparvovec', [
        'We report 4-year follow-up of 17 patients from the QUARRY-1 trial.',
        'Gains in low-luminance visual acuity were maintained at 4 years in treated eyes.',
        'Ellipsoid zone width declined by 2% per year in treated eyes and 10% per year in untreated eyes.',
        'No new safety concerns emerged, and no patient developed late inflammation.',
        'Sovaquagene veparvovec provides durable benefit in Quarrow retinal dystrophy.']),
    'H9x': ('Rhodopsin transport in the photoreceptor connecting cilium: a review', [
        'Photoreceptor outer segments are renewed continuously and require massive transport of rhodopsin through the connecting cilium.',
        'Intraflagellar transport and several ciliary adaptor proteins cooperate in this process.',
        'Defects in ciliary transport cause a range of retinal ciliopathies.',
        'We discuss models of how the cilium acts as a selective gate.']),
}

# (type, body, snippet refs, ideal answer, exact answer). A ref is (article key, 'title' | sentence index | (first, last)).
BIO_QUESTIONS = [
    # A. Brannock fever
    ('factoid', 'Which insect transmits Sallowella brannocki?',
     [('A2', 'title'), ('A2', 2), ('A2', 3), ('A2', 5), ('A3', 0)],
     'Sallowella brannocki, the agent of Brannock fever, is transmitted by the reed midge Palumyia reedi, the only insect in which its DNA was found and which transmitted it to mice during blood feeding.',
     [['Palumyia reedi', 'reed midge', 'P. reedi']]),
    ('list', 'What are the most common symptoms of Brannock fever?',
     [('A3', 2), ('A3', 5), ('A3', 6), ('A1', 0), ('A9', 2)],
     'The most common symptoms of Brannock fever are fever, severe joint pain, headache and a non-itching rash on the palms and soles; joint pain may persist for months, and it is less frequent in children.',
     [['fever'], ['joint pain', 'arthralgia'], ['headache'], ['rash on the palms and soles', 'palmar rash']]),
    ('yesno', 'Is corvamycin more effective than selvacycline for the treatment of Brannock fever?',
     [('A5', 'title'), ('A5', 1), ('A5', 3), ('A5', 4), ('A5', 6)],
     'Yes. In the BRANCH randomised trial, defervescence within 72 hours occurred in 87% of patients given corvamycin versus 74% given selvacycline, and acute kidney injury was less frequent with corvamycin.',
     'yes'),
    ('summary', 'What is Brannock fever?',
     [('A1', 0), ('A1', 4), ('A2', 2), ('A3', 2), ('A4', 1), ('A5', 6), ('A6', 5), ('A8', 4)],
     'Brannock fever is an acute febrile illness caused by the spirochaete Sallowella brannocki and transmitted by the reed midge Palumyia reedi in wetland areas. It presents with fever, joint pain, headache and a palmar rash, and can cause acute kidney injury, probably driven by the bacterial lipoprotein SbrA. Most infections are mild or asymptomatic. The acute phase is diagnosed by PCR for the sbrA gene, and corvamycin is more effective than selvacycline for treatment.',
     None),
    # B. Kestrin cardiomyopathy
    ('factoid', 'Which gene is mutated in kestrin cardiomyopathy?',
     [('B2', 'title'), ('B2', 2), ('B3', 0), ('B1', 1), ('B8', 0), ('B4', 0)],
     'Kestrin cardiomyopathy is caused by heterozygous loss-of-function variants in KSTN, the gene encoding the cardiac potassium channel subunit kestrin.',
     [['KSTN']]),
    ('list', 'Which adverse events have been reported with elbrastat?',
     [('B6', 'title'), ('B6', 1), ('B6', 2), ('B6', 3), ('B6', 4)],
     'The most frequent adverse events of elbrastat are headache, dizziness and mild elevation of liver enzymes; photosensitivity rash occurs in a small proportion of patients. No drug-induced QT prolongation has been observed.',
     [['headache'], ['dizziness'], ['elevated liver enzymes', 'liver enzyme elevation'], ['photosensitivity rash', 'photosensitivity']]),
    ('yesno', 'Does elbrastat improve left ventricular ejection fraction in kestrin cardiomyopathy?',
     [('B5', 'title'), ('B5', 1), ('B5', 4), ('B5', 5), ('B4', 4)],
     'No. In the KESTREL-HF trial elbrastat reduced arrhythmic events, but left ventricular ejection fraction did not differ from placebo after 18 months.',
     'no'),
    ('summary', 'How can the risk of life-threatening arrhythmia be assessed in kestrin cardiomyopathy?',
     [('B3', 3), ('B3', 4), ('B3', 5), ('B7', 2), ('B7', 3), ('B7', 4), ('B8', 2)],
     'In kestrin cardiomyopathy, sudden death often occurs in carriers whose ejection fraction is above 35%, so ejection fraction alone is inadequate. Male sex and a QTc interval above 480 ms predict life-threatening arrhythmia, and the extent of late gadolinium enhancement on cardiac magnetic resonance, which is often present with a normal ejection fraction, also predicts sustained ventricular arrhythmia. Cascade testing identifies at-risk relatives before symptoms develop.',
     None),
    # C. Hollin ataxia type 3
    ('factoid', 'Which gene carries the repeat expansion in Hollin ataxia type 3?',
     [('C1', 'title'), ('C1', 1), ('C1', 4), ('C2', 0), ('C7', 0)],
     'Hollin ataxia type 3 is caused by an expansion of a GCC repeat in the 5\' untranslated region of DVK4, which encodes Drevin kinase 4.',
     [['DVK4', 'Drevin kinase 4']]),
    ('list', 'What are the clinical features of Hollin ataxia type 3?',
     [('C4', 'title'), ('C4', 2), ('C4', 3), ('C4', 4), ('C4', 5)],
     'Hollin ataxia type 3 presents with gait ataxia, followed by dysarthria and slow saccadic eye movements; postural hand tremor is common, some patients develop mild cognitive impairment, and imaging shows cerebellar vermis atrophy.',
     [['gait ataxia'], ['dysarthria'], ['slow saccadic eye movements', 'slow saccades'], ['postural tremor', 'tremor'], ['cognitive impairment']]),
    ('yesno', 'Does quindorelin slow clinical progression in Hollin ataxia type 3?',
     [('C6', 'title'), ('C6', 2), ('C6', 3), ('C6', 5), ('C3', 3)],
     'No. In a 12-month phase 2 trial quindorelin lowered plasma DF-30, showing target engagement, but the change in ataxia rating scale score did not differ from placebo.',
     'no'),
    ('summary', 'What is the molecular mechanism of Hollin ataxia type 3?',
     [('C1', 1), ('C1', 3), ('C2', 1), ('C2', 2), ('C2', 4), ('C3', 0), ('C5', 1), ('C8', 2)],
     'Hollin ataxia type 3 is caused by a GCC repeat expansion in the 5\' untranslated region of DVK4. Expanded alleles increase Drevin kinase 4 expression about 2.5-fold, and the overactive kinase hyperphosphorylates the calcium buffer CBLP, impairing calcium handling and causing Purkinje cell degeneration, a toxic gain of function. Longer repeats cause earlier onset, and a kinase fragment, DF-30, released from degenerating Purkinje cells can be measured in plasma.',
     None),
    # D. Maren Vale virus
    ('factoid', 'What is the reservoir host of Maren Vale virus?',
     [('D2', 'title'), ('D2', 2), ('D2', 3), ('D2', 4), ('D8', 1), ('D8', 2)],
     'The reservoir host of Maren Vale virus is the Tolland field mouse (Apodemus tollandi), which sheds the virus in urine without becoming ill.',
     [['Tolland field mouse', 'Apodemus tollandi']]),
    ('list', 'What are the clinical features of Maren Vale virus disease?',
     [('D3', 1), ('D3', 2), ('D3', 3), ('D1', 0), ('D1', 4)],
     'Maren Vale virus disease begins with fever, myalgia and abdominal pain, followed in some patients by bleeding; thrombocytopenia is common and the disease is often fatal.',
     [['fever'], ['myalgia'], ['abdominal pain'], ['bleeding', 'haemorrhage'], ['thrombocytopenia', 'low platelet count']]),
    ('yesno', 'Does fosmarevir reduce mortality in Maren Vale virus disease?',
     [('D5', 'title'), ('D5', 2), ('D5', 3), ('D5', 5), ('D4', 3)],
     'Yes. In the ORVELL-3 trial, 28-day mortality was 7% with fosmarevir and 17% with standard care, with the greatest benefit when treatment began within 5 days of symptom onset.',
     'yes'),
    ('summary', 'How can Maren Vale virus infection be prevented?',
     [('D2', 4), ('D8', 1), ('D8', 3), ('D7', 3), ('D7', 4), ('D6', 1), ('D6', 3)],
     'Maren Vale virus is acquired mainly by inhaling dust contaminated with the urine of Tolland field mice, especially in late autumn when the mice move into buildings, so rodent control and forecasts of rodent density can guide prevention. The virus can also spread through contact with patients\' blood, so health care workers need standard precautions with eye protection. A glycoprotein vaccine, MVV-G2, induced neutralising antibodies in a phase 1 trial.',
     None),
    # E. Ellery syndrome
    ('factoid', 'Which protein is targeted by autoantibodies in Ellery syndrome?',
     [('E1', 'title'), ('E1', 2), ('E1', 4), ('E2', 1), ('E3', 0), ('E6', 3)],
     'Autoantibodies in Ellery syndrome target ostrelin, a 190-kDa transmembrane protein of the hemidesmosome.',
     [['ostrelin']]),
    ('list', 'Which adverse events are associated with tarsovimab?',
     [('E4', 4), ('E5', 'title'), ('E5', 1), ('E5', 2), ('E5', 4)],
     'The most common adverse events of tarsovimab are conjunctivitis, injection-site reactions, nasopharyngitis and eosinophilia; serious infections are uncommon.',
     [['conjunctivitis'], ['injection-site reactions'], ['nasopharyngitis'], ['eosinophilia']]),
    ('yesno', 'Is tarsovimab effective for inducing remission in Ellery syndrome?',
     [('E4', 'title'), ('E4', 2), ('E4', 3), ('E4', 5), ('E8', 2)],
     'Yes. In a phase 3 trial, 42% of patients given tarsovimab reached sustained complete remission off corticosteroids at week 36, compared with 14% given placebo, and corticosteroid exposure fell by almost half.',
     'yes'),
    ('summary', 'What is Ellery syndrome?',
     [('E1', 0), ('E1', 4), ('E3', 1), ('E6', 2), ('E7', 1), ('E7', 2), ('E2', 2)],
     'Ellery syndrome is a rare autoimmune blistering disease in which autoantibodies against the hemidesmosomal protein ostrelin cause tense blisters on the limbs and painful oral erosions, sometimes with genital lesions and conjunctival scarring. Blistering is driven by the cytokine verrin. It mainly affects people aged 60 to 79, more often women, with an incidence of about 3 per million per year, and it is diagnosed by an anti-ostrelin ELISA with high sensitivity and specificity.',
     None),
    # F. Pallidase deficiency
    ('factoid', 'Which acylcarnitine is used in newborn screening for pallidase deficiency?',
     [('F2', 'title'), ('F2', 1), ('F2', 3), ('F1', 1), ('F4', 2)],
     'Newborn screening for pallidase deficiency measures C7-pallidylcarnitine by tandem mass spectrometry, with second-tier testing for pallidic acid.',
     [['C7-pallidylcarnitine']]),
    ('list', 'What dietary measures are recommended for patients with pallidase deficiency?',
     [('F6', 'title'), ('F6', 2), ('F6', 3), ('F3', 4), ('F7', 2)],
     'Recommended measures are avoiding prolonged fasting (no longer than 8 hours in infants), an emergency plan with glucose polymer drinks during illness, and restricting dietary branched-chain fatty acids from dairy fat; carnitine supplementation is not recommended.',
     [['avoidance of prolonged fasting', 'avoid fasting'], ['emergency glucose during illness', 'glucose polymer drinks'], ['restriction of branched-chain fatty acids']]),
    ('yesno', 'Does alfapallidase reduce the frequency of metabolic crises in pallidase deficiency?',
     [('F4', 'title'), ('F4', 0), ('F4', 2), ('F4', 3), ('F4', 5)],
     'Yes. In a phase 1/2 study, weekly alfapallidase lowered plasma C7-pallidylcarnitine and reduced hospital admissions for metabolic decompensation from 14 to 3 in a year.',
     'yes'),
    ('summary', 'What is pallidase deficiency?',
     [('F1', 2), ('F1', 4), ('F3', 1), ('F3', 2), ('F3', 3), ('F5', 1), ('F8', 0)],
     'Pallidase deficiency is an autosomal recessive inborn error of branched-chain fatty acid metabolism caused by biallelic PLDS variants, which reduce the activity of the mitochondrial thioesterase pallidase, a hexameric enzyme. It causes metabolic crises in infancy, usually triggered by fever or gastroenteritis, which can leave permanent neurological damage, and some patients develop cardiomyopathy. It is unusually frequent in the Vell islands.',
     None),
    # G. Tessel cell carcinoma
    ('factoid', 'Which gene is rearranged in tessel cell carcinoma?',
     [('G1', 'title'), ('G1', 1), ('G1', 2), ('G1', 4), ('G2', 0), ('G8', 0)],
     'Tessel cell carcinoma is defined by fusions of NIVR, the gene encoding the receptor tyrosine kinase nivrase, most often with LATH.',
     [['NIVR']]),
    ('list', 'What are the most common adverse events of lenvorastib?',
     [('G3', 'title'), ('G3', 0), ('G3', 1), ('G3', 3), ('G3', 4)],
     'The most common adverse events of lenvorastib are hypertension, fatigue, diarrhoea and hand-foot skin reaction.',
     [['hypertension'], ['fatigue'], ['diarrhoea', 'diarrhea'], ['hand-foot skin reaction']]),
    ('yesno', 'Is velnorastib active against tumours with the nivrase T655M gatekeeper mutation?',
     [('G7', 'title'), ('G7', 0), ('G7', 2), ('G7', 4), ('G4', 4)],
     'Yes. Velnorastib was designed to bind the mutant kinase; in patients whose tumours progressed on lenvorastib, the response rate was 58% in those with T655M.',
     'yes'),
    ('summary', 'How are NIVR fusions detected in patients with cancer?',
     [('G1', 1), ('G5', 2), ('G5', 4), ('G6', 1), ('G6', 2), ('G6', 3), ('G6', 4), ('G8', 1)],
     'NIVR fusions are detected by RNA sequencing of tumour tissue, and strong membranous nivrase staining on immunohistochemistry is a useful screening test. When tissue is unavailable, hybrid-capture sequencing of circulating tumour DNA detects the fusion in most patients, including all with metastatic disease, and falling fusion DNA levels can monitor the response to lenvorastib. Pan-cancer sequencing has found NIVR fusions in rare tumours beyond the kidney.',
     None),
    # H. Quarrow retinal dystrophy
    ('factoid', 'Which gene is mutated in Quarrow retinal dystrophy?',
     [('H1', 'title'), ('H1', 1), ('H1', 2), ('H5', 1), ('H2', 0)],
     'Quarrow retinal dystrophy is caused by biallelic loss-of-function variants in QRD1, which encodes the ciliary protein quarrin.',
     [['QRD1']]),
    ('list', 'Which outcome measures are used in trials for Quarrow retinal dystrophy?',
     [('H2', 2), ('H2', 4), ('H6', 'title'), ('H6', 1), ('H6', 3), ('H4', 3)],
     'Trials use the ellipsoid zone width on optical coherence tomography as a structural outcome and low-luminance visual acuity as a functional outcome, because standard visual acuity changes little until late in the disease.',
     [['ellipsoid zone width'], ['low-luminance visual acuity']]),
    ('yesno', 'Does sovaquagene veparvovec improve low-luminance visual acuity in Quarrow retinal dystrophy?',
     [('H4', 'title'), ('H4', 0), ('H4', 2), ('H8', 1), ('H8', 4)],
     'Yes. In the QUARRY-1 trial treated eyes gained a mean of 14 letters of low-luminance visual acuity at 12 months while untreated eyes lost 2 letters, and the gains were maintained at 4 years.',
     'yes'),
    ('summary', 'What is Quarrow retinal dystrophy?',
     [('H1', 0), ('H1', 2), ('H2', 1), ('H2', 3), ('H5', 1), ('H7', 1), ('H3', 0)],
     'Quarrow retinal dystrophy is an early-onset inherited retinal ciliopathy caused by biallelic QRD1 variants, which abolish quarrin, a connecting-cilium protein needed for rhodopsin transport. Night blindness begins in childhood, peripheral vision is lost progressively while central acuity is preserved until the fourth decade, and cystoid macular oedema is common. It accounts for about 1.7% of inherited retinal disease, and AAV8 gene therapy is being developed.',
     None),
]

BIO_PMID_BASE = 99_000_100
BIO_URL = 'http://www.ncbi.nlm.nih.gov/pubmed/'


def _bio_abstract(key: str, sents: list[str]) -> tuple[str, list[int]]:
    "The abstract text and the start offset of each sentence. Every other article is a structured abstract."
    labels = {}
    if len(sents) >= 5 and int(hashlib.sha1(key.encode()).hexdigest(), 16) % 2 == 0:
        m = next((i for i in range(1, len(sents) - 1) if sents[i].startswith(('We ', 'In ', 'Using '))), 1)
        labels = {0: 'BACKGROUND: ', m: 'METHODS: ', min(m + 1, len(sents) - 2): 'RESULTS: ', len(sents) - 1: 'CONCLUSIONS: '}
    text, starts = '', []
    for i, s in enumerate(sents):
        if i: text += ' '
        text += labels.get(i, '')
        starts.append(len(text))
        text += s
    return text, starts


def build_bioasq() -> tuple[dict, list[dict]]:
    keys = list(BIO_ARTICLES)
    pmid = {k: str(BIO_PMID_BASE + i + 1) for i, k in enumerate(keys)}
    abstracts = {k: _bio_abstract(k, BIO_ARTICLES[k][1]) for k in keys}
    articles = [{'pmid': pmid[k], 'title': BIO_ARTICLES[k][0], 'abstract': abstracts[k][0]} for k in keys]
    questions = []
    for qtype, body, refs, ideal, exact in BIO_QUESTIONS:
        snippets, docs = [], []
        for key, where in refs:
            title, sents = BIO_ARTICLES[key]
            if where == 'title':
                section, begin, text = 'title', 0, title
            else:
                first, last = where if isinstance(where, tuple) else (where, where)
                abstract, starts = abstracts[key]
                section, begin = 'abstract', starts[first]
                text = abstract[begin:starts[last] + len(sents[last])]
            url = BIO_URL + pmid[key]
            if url not in docs: docs.append(url)
            snippets.append({'offsetInBeginSection': begin, 'offsetInEndSection': begin + len(text), 'text': text,
                             'beginSection': section, 'endSection': section, 'document': url})
        q = {'documents': docs, 'snippets': snippets, 'body': body, 'type': qtype,
             'id': hashlib.sha1(f'insightkit-embedded-bioasq:{body}'.encode()).hexdigest()[:24], 'ideal_answer': [ideal]}
        if qtype != 'summary': q['exact_answer'] = exact  # summary questions carry no exact answer, as in the golden files
        questions.append(q)
    return {'questions': questions}, articles


# ==============================================================================================
# Writing the files and the README
# ==============================================================================================

LEVAL_BUILDERS = [('legal_contract_qa.jsonl', build_legal), ('financial_qa.jsonl', build_financial),
                  ('scientific_qa.jsonl', build_scientific), ('multidoc_qa.jsonl', build_multidoc),
                  ('gov_report_summ.jsonl', build_gov)]


def load_tokenizer():
    "The default LLM's (SmolLM2) tokenizer from insightkit, wherever the module lives now; None if unavailable."
    import importlib
    sys.path.insert(0, str(ROOT))
    for mod in ('insightkit.llm', 'insightkit.generation.llm', 'insightkit.generation.local', 'insightkit.generation'):
        try: fn = getattr(importlib.import_module(mod), 'default_tokenizer')
        except (ImportError, AttributeError): continue
        try: return fn()
        except Exception as e:  # no model files and no network, for example
            print(f'note: {mod}.default_tokenizer() failed ({e}); token counts left out', file=sys.stderr)
            return None
    return None


def readme(leval: dict, nq: tuple, bio: tuple, tok) -> str:
    dev, eff, oracle = nq
    golden, articles = bio
    rows = []
    for name, rec in leval.items():
        n_tok = f'{len(tok.encode(rec["input"])):,}' if tok is not None else 'n/a'
        rows.append(f'| `leval/{name}` | 1 | {len(rec["instructions"])} | {len(rec["input"].split()):,} | {n_tok} |')
    titles = {c['title'] for r in oracle for c in r['ctxs']}
    gold_titles = {c['title'] for r in oracle for c in r['ctxs'] if c['isgold']}
    n_snip = sum(len(q['snippets']) for q in golden['questions'])
    cited = {d for q in golden['questions'] for d in q['documents']}
    types = {t: sum(q['type'] == t for q in golden['questions']) for t in ('yesno', 'factoid', 'list', 'summary')}
    oracle_qs = {r['question'] for r in oracle}
    n_hist = sum(r['question'] not in oracle_qs for r in dev) + len(eff)
    return f'''# Embedded offline datasets

Small datasets that ship with insightkit so that every notebook and test runs offline. They were
**written by the insightkit developers for this project** and are released under the project's licence
(Apache-2.0). **Everything in them is fictional**: the contract, the company, the paper, the ferry, the
island nation of Tarrowind, the pathogens, proteins, drugs and trials. Fictional subjects mean that a small
model cannot answer from memory, so retrieval matters. No text, question or answer was taken from the real
datasets; only their *file formats* are mirrored, so the same loaders read both:

- `leval/` mirrors the L-Eval open-ended task files (one JSON object per line:
  `{{"input", "instructions", "outputs", "source", "evaluation"}}`).
- `nq-open/` mirrors NQ-open (`{{"question", "answer"}}`) and the lost-in-the-middle oracle file
  (`{{"question", "answers", "ctxs": [{{"title", "text", "hasanswer", "isgold"}}], "nq_annotated_gold"}}`, gzip).
  Unlike the real oracle file, whose `ctxs` hold only the gold passage, each oracle question here lists its gold
  passage first, followed by one or two non-gold distractors (`isgold: false`).
- `bioasq/` mirrors the BioASQ Task B golden files (`{{"questions": [{{"documents", "snippets", "body", "type",
  "id", "ideal_answer", "exact_answer"}}]}}`; summary questions have no `exact_answer`), plus
  `embedded_articles.jsonl` with each fictional article's `{{"pmid", "title", "abstract"}}` so that every snippet
  is the exact substring at its offsets of the section it names. The PMIDs (above 99,000,000) are fictional.

## Counts

| file | documents | questions | words | tokens (SmolLM2) |
|---|---|---|---|---|
{chr(10).join(rows)}

Each QA answer is stated exactly once in its document, and answers are spread over the beginning, middle and
end. The government report's single instruction asks for a summary; its reference summary has
{len(leval["gov_report_summ.jsonl"]["outputs"][0].split())} words.

| file | contents |
|---|---|
| `nq-open/NQ-open.dev.jsonl` | {len(dev)} questions: all {len(oracle)} oracle questions plus {len(dev) - len(oracle)} earlier question-answer pairs |
| `nq-open/NQ-open.efficientqa.dev.1.1.jsonl` | {len(eff)} earlier question-answer pairs |
| `nq-open/nq-open-oracle.jsonl.gz` | {len(oracle)} test questions; {len(titles)} distinct passages ({len(gold_titles)} gold, {len(titles) - len(gold_titles)} distractors) |
| `bioasq/embedded_golden.json` | {len(golden["questions"])} questions ({", ".join(f"{v} {k}" for k, v in types.items())}); {n_snip} snippets from {len(cited)} articles |
| `bioasq/embedded_articles.jsonl` | {len(articles)} articles: {len(cited)} cited by some question, {len(articles) - len(cited)} cited by none (distractors) |

The {n_hist} history pairs (questions in the two NQ-open files that are not oracle questions) include
knowledge that no passage holds and a few rewordings of test questions. One test question asks who carried
the flag at a named games where the opening and closing ceremonies had different bearers; both are accepted.

## Regenerating

    python tools/make_embedded.py      # rewrites every file here, deterministically
    python tools/check_embedded.py     # checks the requirements and prints the counts

The generator composes the long L-Eval documents from hand-written sections, expanded deterministically
(schedules, per-region and per-station sections, tables, logs), and holds all the other texts verbatim.
Token counts use the tokenizer of the default LLM (SmolLM2).
'''


def main(out: Path = DEFAULT_OUT):
    leval = {name: fn() for name, fn in LEVAL_BUILDERS}
    for name, rec in leval.items(): write_jsonl(out / 'leval' / name, [rec])
    dev, eff, oracle = build_nq()
    write_jsonl(out / 'nq-open' / 'NQ-open.dev.jsonl', dev)
    write_jsonl(out / 'nq-open' / 'NQ-open.efficientqa.dev.1.1.jsonl', eff)
    write_jsonl_gz(out / 'nq-open' / 'nq-open-oracle.jsonl.gz', oracle)
    golden, articles = build_bioasq()
    (out / 'bioasq').mkdir(parents=True, exist_ok=True)
    (out / 'bioasq' / 'embedded_golden.json').write_text(json.dumps(golden, ensure_ascii=False, indent=1) + '\n', encoding='utf-8')
    write_jsonl(out / 'bioasq' / 'embedded_articles.jsonl', articles)
    tok = load_tokenizer()
    (out / 'README.md').write_text(readme(leval, (dev, eff, oracle), (golden, articles), tok), encoding='utf-8')
    print(f'wrote {out}')


if __name__ == '__main__':
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_OUT)
